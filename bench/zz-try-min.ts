import { startNginx } from './nginx/server.ts';
import { plannedFirstPages } from './nginx/target.ts';
import { runMinimalWalk } from './artillery-walk.ts';
const nginx = await startNginx('/usr/sbin/nginx', { records: 1000 });
try {
  for (const rate of [Number(process.argv[2] ?? 20)]) {
    const t = Date.now();
    const run = await runMinimalWalk({ baseUrl: nginx.baseUrl, firstPages: plannedFirstPages(nginx.baseUrl), walksPerSec: rate, durationSec: 5, dir: '/tmp/bscratch/out', label: `r${rate}`, timeoutMs: 60000 });
    console.log(rate, Date.now() - t, JSON.stringify(run));
  }
} finally { await nginx.stop(); }

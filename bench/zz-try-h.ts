import { writeFileSync } from 'node:fs';
import { startNginx } from './nginx/server.ts';
import { cannedTarget } from './nginx/target.ts';
import { runLoad } from '../scripts/lib/load-run.ts';
const nginx = await startNginx('/usr/sbin/nginx', { records: 1000 });
try {
  writeFileSync('/tmp/bscratch/target.json', JSON.stringify(cannedTarget(nginx.baseUrl)));
  const rate = Number(process.argv[2] ?? 20);
  const t = Date.now();
  const r = await runLoad({ scenario: 'walk', profile: 'smoke', target: '/tmp/bscratch/target.json', rate, duration: '5s', outDir: `/tmp/bscratch/h${rate}` });
  console.log(rate, Date.now() - t, r.verdict, r.reason, JSON.stringify(r.generator), r.metrics.latency?.values, r.metrics['latency{depth:1}']?.values, r.engine);
} finally { await nginx.stop(); }

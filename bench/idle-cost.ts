/**
 * What the load generator costs beside the target it measures at the gate's low rates: the CPU
 * seconds per second of the Artillery process (every thread: its main thread and its workers),
 * read from /proc between two fixed ages of the process, while it runs the harness's walk on the
 * embedded sandbox (which runs in this process, so it is not counted). Linux only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runLoad } from '../lib/load/run/run-load.ts';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on every Linux the bench runs on). */
const TICKS_PER_S = 100;

/** The window of the process's life that is measured, seconds: after start-up, before the drain. */
export const IDLE_WINDOW_S = { from: 8, to: 28 } as const;

/** The run's schedule: long enough that the window lies inside it. */
const RUN_S = 30;

/** /proc/<pid>/stat's fields after the command (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User plus system CPU seconds a process has used, all its threads; undefined once it is gone. */
export function processCpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat; the slice starts at field 3.
  return fields === undefined ? undefined : (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

/** Seconds since the process started; undefined once it is gone. */
function processAgeS(pid: number): number | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptime - Number(fields[19]) / TICKS_PER_S;
}

/** The first process whose command line holds `needle`, looked for every 100 ms until `deadline`. */
async function findProcess(needle: string, deadline: number): Promise<number | undefined> {
  while (Date.now() < deadline) {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(needle)) return Number(name);
      } catch {
        // Gone between the listing and the read.
      }
    }
    await sleep(100);
  }
  return undefined;
}

/** Waits until the process is `ageS` old and returns its CPU seconds then. */
async function cpuAtAge(pid: number, ageS: number): Promise<number | undefined> {
  const age = processAgeS(pid);
  if (age === undefined) return undefined;
  if (age < ageS) await sleep((ageS - age) * 1000);
  return processCpuSeconds(pid);
}

export interface IdleCost {
  walksPerSec: number;
  /** CPU seconds per second of the Artillery process inside the window; null when not measured. */
  cpuPerS: number | null;
  verdict: string;
  /** Why there is no figure. */
  note?: string;
}

/** One walk run on the sandbox at `walksPerSec`, its Artillery process measured in the window. */
export async function measureIdleCost(walksPerSec: number): Promise<IdleCost> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-idle-cost-'));
  try {
    const running = runLoad({
      scenario: 'walk',
      profile: 'smoke',
      rate: walksPerSec,
      duration: `${RUN_S}s`,
      outDir: dir,
    });
    const measured = (async () => {
      const pid = await findProcess(path.join(dir, 'artillery-1.yml'), Date.now() + 60_000);
      if (pid === undefined) return { cpuPerS: null, note: 'the Artillery process was not found' };
      const from = await cpuAtAge(pid, IDLE_WINDOW_S.from);
      const to = await cpuAtAge(pid, IDLE_WINDOW_S.to);
      if (from === undefined || to === undefined)
        return { cpuPerS: null, note: 'the Artillery process ended inside the window' };
      return { cpuPerS: (to - from) / (IDLE_WINDOW_S.to - IDLE_WINDOW_S.from) };
    })();
    const [result, cpu] = await Promise.all([running, measured]);
    return { walksPerSec, ...cpu, verdict: result.verdict };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

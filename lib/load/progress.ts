/**
 * Live progress of a load while it runs. Each worker keeps a few cumulative counters per stage
 * (arrivals, responses, 429s, 5xx, check failures, start lateness and the requests' client wait in
 * fixed buckets) and
 * rewrites them to a small file beside its points once a second; the harness's process reads
 * those files every few seconds and prints one line per running stage: elapsed of planned,
 * arrivals per second against planned, requests per second, 429 share, failures so far, the
 * generator's lateness and its requests' wait for a connection. The verdict never reads these files: they are a view, the points are the
 * record.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { phasesDurationS, type Phase } from './phases.ts';
import { readJsonFileSync } from '../adapters/node-json-file.ts';

/** Upper bounds (ms) of the lateness and wait buckets; a time above the last is counted past it. */
const BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] as const;

/** The bucket of `ms` in counts of BOUNDS_MS, a loop without a closure: it runs for every request. */
function countIn(buckets: number[], ms: number): void {
  let index = 0;
  while (index < BOUNDS_MS.length && ms > (BOUNDS_MS[index] as number)) index += 1;
  buckets[index] = (buckets[index] ?? 0) + 1;
}

export interface ProgressCounts {
  /** Epoch ms of the stage's first arrival in this worker. */
  startedAt: number;
  arrivals: number;
  responses: number;
  throttled: number;
  serverErrors: number;
  checkFailures: number;
  /** Arrivals per lateness bucket (BOUNDS_MS, then one more for anything later). */
  lateness: number[];
  /** Requests per client-wait bucket (BOUNDS_MS, then one more), from the send to the write. */
  clientWait: number[];
}

export const emptyCounts = (startedAt = 0): ProgressCounts => ({
  startedAt,
  arrivals: 0,
  responses: 0,
  throttled: 0,
  serverErrors: 0,
  checkFailures: 0,
  lateness: BOUNDS_MS.map(() => 0).concat(0),
  clientWait: BOUNDS_MS.map(() => 0).concat(0),
});

/** What a worker counts of one stage. */
export class ProgressCounter {
  readonly counts = emptyCounts();

  arrived(latenessMs: number): void {
    if (this.counts.arrivals === 0) this.counts.startedAt = Date.now();
    this.counts.arrivals += 1;
    countIn(this.counts.lateness, latenessMs);
  }

  waited(waitMs: number): void {
    countIn(this.counts.clientWait, waitMs);
  }

  responded(status: number): void {
    this.counts.responses += 1;
    if (status === 429) this.counts.throttled += 1;
    if (status === 0 || status >= 500) this.counts.serverErrors += 1;
  }

  failed(): void {
    this.counts.checkFailures += 1;
  }

  /** Rewrites the worker's progress file (small: a dozen numbers). */
  write(file: string): void {
    if (this.counts.arrivals > 0) writeFileSync(file, JSON.stringify(this.counts));
  }
}

export const progressFile = (stageDir: string, worker: string): string =>
  path.join(stageDir, `progress-${worker}.json`);

/** Every worker's counts of one stage, added up; undefined before any worker has written. */
export function readStageProgress(stageDir: string): ProgressCounts | undefined {
  let names: string[];
  try {
    names = readdirSync(stageDir).filter((name) => name.startsWith('progress-') && name.endsWith('.json'));
  } catch {
    return undefined;
  }
  const all: ProgressCounts[] = [];
  for (const name of names) {
    try {
      all.push(readJsonFileSync(path.join(stageDir, name)) as ProgressCounts);
    } catch {
      // Caught mid-rewrite: the next look reads it.
    }
  }
  if (all.length === 0) return undefined;
  return all.reduce((sum, counts) => ({
    startedAt: Math.min(sum.startedAt || counts.startedAt, counts.startedAt),
    arrivals: sum.arrivals + counts.arrivals,
    responses: sum.responses + counts.responses,
    throttled: sum.throttled + counts.throttled,
    serverErrors: sum.serverErrors + counts.serverErrors,
    checkFailures: sum.checkFailures + counts.checkFailures,
    lateness: sum.lateness.map((count, index) => count + (counts.lateness[index] ?? 0)),
    clientWait: sum.clientWait.map((count, index) => count + (counts.clientWait[index] ?? 0)),
  }));
}

/** Arrivals the schedule plans between `fromS` and `toS` seconds into the stage. */
export function plannedBetween(phases: readonly Phase[], fromS: number, toS: number): number {
  let start = 0;
  let planned = 0;
  for (const phase of phases) {
    const end = start + phase.durationS;
    const a = Math.max(fromS, start);
    const b = Math.min(toS, end);
    if (b > a) {
      const rateAt = (t: number) =>
        phase.rate + ((phase.rampTo ?? phase.rate) - phase.rate) * ((t - start) / phase.durationS);
      planned += ((rateAt(a) + rateAt(b)) / 2) * (b - a);
    }
    start = end;
  }
  return planned;
}

/**
 * The bucket bound under which 95 % of what was counted between two looks fell (arrivals' lateness,
 * requests' wait): a bound, `<= X ms`.
 */
function p95Bound(now: readonly number[], before: readonly number[]): string {
  const counts = now.map((count, index) => count - (before[index] ?? 0));
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 'n/a';
  let seen = 0;
  for (const [index, count] of counts.entries()) {
    seen += count;
    if (seen >= 0.95 * total) {
      const bound = BOUNDS_MS[index];
      return bound === undefined ? `> ${BOUNDS_MS.at(-1)} ms` : `<= ${bound} ms`;
    }
  }
  return 'n/a';
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '0 %' : `${((part / whole) * 100).toFixed(1)} %`;

/**
 * One line of a running stage, over the interval since the previous look (the first look: since
 * the stage's first arrival): e.g. `walk/smoke 6 of 10 s: 2.0 arrivals/s (planned 2.0), 48 req/s,
 * 429 0.0 %, 5xx 0, check failures 0, lateness p95 <= 2 ms, client wait p95 <= 1 ms`.
 */
export function progressLine(
  label: string,
  phases: readonly Phase[],
  now: ProgressCounts,
  before: ProgressCounts | undefined,
  atMs: number,
  beforeAtMs: number | undefined,
): string {
  const since = before ?? emptyCounts(now.startedAt);
  const fromS = Math.max(0, ((beforeAtMs ?? now.startedAt) - now.startedAt) / 1000);
  const toS = Math.max(fromS, (atMs - now.startedAt) / 1000);
  const plannedS = phasesDurationS(phases);
  const seconds = Math.max(0.001, toS - fromS);
  const arrivals = (now.arrivals - since.arrivals) / seconds;
  const planned = plannedBetween(phases, fromS, Math.min(toS, plannedS)) / seconds;
  const responses = now.responses - since.responses;
  return [
    `${label} ${Math.min(Math.round(toS), plannedS)} of ${plannedS} s: ${arrivals.toFixed(1)} arrivals/s (planned ${planned.toFixed(1)})`,
    `${(responses / seconds).toFixed(0)} req/s`,
    `429 ${percent(now.throttled - since.throttled, responses)}`,
    `5xx ${now.serverErrors}`,
    `check failures ${now.checkFailures}`,
    `lateness p95 ${p95Bound(now.lateness, since.lateness)}`,
    `client wait p95 ${p95Bound(now.clientWait, since.clientWait)}`,
  ].join(', ');
}

const hasProgress = (pointsDir: string, stage: WatchedStage): boolean =>
  readStageProgress(path.join(pointsDir, stage.name)) !== undefined;

export interface WatchedStage {
  /** The stage's name, its points folder's name. */
  name: string;
  /** What the console calls it, e.g. `walk/smoke`. */
  label: string;
  phases: readonly Phase[];
}

/**
 * Looks at the stages' progress files every `everyMs` while a run goes on: a line per look while
 * the generator starts (Artillery's start-up takes seconds, more on a loaded machine), a line when
 * a stage starts, then one per look while it runs; `stop()` ends the looking.
 */
export function watchProgress(
  pointsDir: string,
  stages: readonly WatchedStage[],
  print: (line: string) => void,
  everyMs = 5000,
): { stop(): void } {
  const last = new Map<string, { counts: ProgressCounts; at: number }>();
  const watchedFrom = Date.now();
  const look = () => {
    const at = Date.now();
    if (last.size === 0 && stages.every((stage) => !hasProgress(pointsDir, stage))) {
      print(`generator starting: ${Math.round((at - watchedFrom) / 1000)} s`);
      return;
    }
    for (const stage of stages) {
      const counts = readStageProgress(path.join(pointsDir, stage.name));
      if (counts === undefined) continue;
      const before = last.get(stage.name);
      if (before === undefined) {
        const plannedS = phasesDurationS(stage.phases);
        const planned = Math.round(plannedBetween(stage.phases, 0, plannedS));
        print(`${stage.label} started: ${plannedS} s planned, ${planned} arrivals`);
      } else if (before.counts.arrivals === counts.arrivals && before.counts.responses === counts.responses)
        continue;
      print(progressLine(stage.label, stage.phases, counts, before?.counts, at, before?.at));
      last.set(stage.name, { counts, at });
    }
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

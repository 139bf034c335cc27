/**
 * The walk a user would write by hand in Artillery: its own HTTP engine, a YAML `loop` whose one
 * request captures `pagination.nextPageToken` into `cursor` and `pagination.hasMore`, repeated
 * while hasMore is true. Nothing else: no checks, tags or metrics of the harness. Artillery's loop
 * can only test a condition through a processor function, so the script has one, a single line
 * (`hasMore`). It walks the very lists the harness walks: walk i starts at line i of a payload of
 * first pages (`order: sequence`), each line the first page's URL with `cursor=` appended (the
 * canned site serves an empty cursor as the first page). Artillery reports no start lateness:
 * whether a rate was held is read from its planned, created, completed and failed vusers and from
 * how long it took past the phase (see `minimalHeld`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { runArtillery } from '../lib/process/artillery.ts';

/** The condition of the loop: the one line of JavaScript the script needs. */
const PROCESSOR = `module.exports = { hasMore: (context, next) => next(context.vars.hasMore === true) };\n`;

/** The first page with an empty cursor parameter, so that `{{ cursorUrl }}{{ cursor }}` is every page. */
export function cursorUrl(firstPage: string): string {
  return `${firstPage}${firstPage.includes('?') ? '&' : '?'}cursor=`;
}

export interface MinimalWalkScript {
  target: string;
  walksPerSec: number;
  durationSec: number;
  /** The payload CSV (one `cursorUrl` per line) and the processor, relative to the script. */
  payloadFile: string;
  processorFile: string;
}

/** The Artillery script, as YAML text. */
export function minimalWalkYaml(options: MinimalWalkScript): string {
  return stringify(
    {
      config: {
        target: options.target,
        phases: [{ duration: options.durationSec, arrivalRate: options.walksPerSec, name: 'walk' }],
        payload: { path: options.payloadFile, fields: ['cursorUrl'], order: 'sequence', skipHeader: false },
        variables: { cursor: [''] },
        processor: options.processorFile,
      },
      scenarios: [
        {
          name: 'minimal walk',
          flow: [
            {
              loop: [
                {
                  get: {
                    url: '{{ cursorUrl }}{{ cursor }}',
                    capture: [
                      { json: '$.pagination.nextPageToken', as: 'cursor', strict: false },
                      { json: '$.pagination.hasMore', as: 'hasMore', strict: false },
                    ],
                  },
                },
              ],
              whileTrue: 'hasMore',
            },
          ],
        },
      ],
    },
    { lineWidth: 0 },
  );
}

/** What Artillery's `--output` report says of one minimal-walk run. */
export interface MinimalWalkRun {
  walksPerSec: number;
  durationSec: number;
  planned: number;
  created: number;
  completed: number;
  failed: number;
  requests: number;
  /** Requests over the phase's duration. */
  requestsPerSec: number;
  /** From the first to the last counter Artillery recorded, ms: past the phase, the walks drained late. */
  spanMs: number | null;
  responseP99Ms: number | null;
  sessionP95Ms: number | null;
  errors: Record<string, number>;
}

interface ArtilleryReport {
  aggregate?: {
    counters?: Record<string, number>;
    summaries?: Record<string, Record<string, number>>;
    firstCounterAt?: number;
    lastCounterAt?: number;
  };
}

/** Reads Artillery's JSON report (`artillery run --output FILE`). */
export function readMinimalWalkReport(
  text: string,
  run: { walksPerSec: number; durationSec: number },
): MinimalWalkRun {
  const aggregate = (JSON.parse(text) as ArtilleryReport).aggregate ?? {};
  const counters = aggregate.counters ?? {};
  const count = (name: string) => counters[name] ?? 0;
  const requests = count('http.requests');
  const errors = Object.fromEntries(Object.entries(counters).filter(([name]) => name.startsWith('errors.')));
  const first = aggregate.firstCounterAt;
  const last = aggregate.lastCounterAt;
  return {
    ...run,
    planned: Math.round(run.walksPerSec * run.durationSec),
    created: count('vusers.created'),
    completed: count('vusers.completed'),
    failed: count('vusers.failed'),
    requests,
    requestsPerSec: requests / run.durationSec,
    spanMs: first !== undefined && last !== undefined ? last - first : null,
    responseP99Ms: aggregate.summaries?.['http.response_time']?.p99 ?? null,
    sessionP95Ms: aggregate.summaries?.['vusers.session_length']?.p95 ?? null,
    errors,
  };
}

/**
 * Whether Artillery held the rate, as far as it can say without lateness: no walk failed, at least
 * 98% of the planned walks completed, and the walks finished within 2 s of the phase's end (an
 * overloaded generator starts its arrivals late and drains long after the phase).
 */
export function minimalHeld(run: MinimalWalkRun): boolean {
  if (run.failed > 0 || run.completed < run.planned * 0.98) return false;
  return run.spanMs === null || run.spanMs <= run.durationSec * 1000 + 2000;
}

export interface MinimalWalkOptions {
  baseUrl: string;
  firstPages: readonly string[];
  walksPerSec: number;
  durationSec: number;
  dir: string;
  label: string;
  timeoutMs: number;
}

export async function runMinimalWalk(options: MinimalWalkOptions): Promise<MinimalWalkRun> {
  const dir = path.join(options.dir, options.label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'lists.csv'), `${options.firstPages.map(cursorUrl).join('\n')}\n`);
  writeFileSync(path.join(dir, 'minimal-walk.cjs'), PROCESSOR);
  const script = path.join(dir, 'minimal-walk.yml');
  writeFileSync(
    script,
    minimalWalkYaml({
      target: options.baseUrl,
      walksPerSec: options.walksPerSec,
      durationSec: options.durationSec,
      payloadFile: 'lists.csv',
      processorFile: './minimal-walk.cjs',
    }),
  );
  const report = path.join(dir, 'report.json');
  const result = await runArtillery({ script, timeoutMs: options.timeoutMs, args: ['--output', report] });
  if (result.timedOut) throw new Error(`Artillery minimal walk (${options.label}) timed out`);
  if (result.exitCode !== 0)
    throw new Error(
      `Artillery minimal walk (${options.label}) exited with ${result.exitCode}: ${result.stderr.trim().split('\n').pop() ?? ''}`,
    );
  const { walksPerSec, durationSec } = options;
  return readMinimalWalkReport(readFileSync(report, 'utf8'), { walksPerSec, durationSec });
}

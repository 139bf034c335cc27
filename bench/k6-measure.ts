/**
 * One measured k6 run: bounded, no usage report sent out, its end-of-test summary read from the
 * JSON k6 exports (never from its text output).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeK6Exit, K6_EXIT, runK6 } from '../scripts/lib/k6.ts';

/** Metric name → stat → value, as in k6's `--summary-export` file. */
export type K6Metrics = Record<string, Record<string, number>>;

export interface MeasuredK6Run {
  metrics: K6Metrics;
  /** 0, or 99 when the script's own thresholds failed (the numbers are still measurements). */
  exitCode: number;
}

export interface MeasureOptions {
  script: string;
  env?: Record<string, string>;
  /** k6 run flags, e.g. `['--vus', '10', '--duration', '10s']`. */
  args?: readonly string[];
  /** Where the summary file goes (a per-run temp dir). */
  workDir: string;
  /** A name for the summary file and for error messages. */
  label: string;
  timeoutMs: number;
}

const TREND_STATS = 'avg,min,med,max,p(50),p(90),p(95),p(99)';

/** k6's last log line, its msg="..." part when it has one, cut to a readable length. */
export function lastK6Message(stderr: string): string {
  const line =
    stderr
      .trim()
      .split('\n')
      .filter((text) => text.trim() !== '')
      .pop() ?? '';
  const message = /msg="((?:[^"\\]|\\.)*)"/.exec(line)?.[1]?.replaceAll('\\"', '"') ?? line;
  return message.length > 240 ? `${message.slice(0, 240)}…` : message;
}

export async function measureK6(options: MeasureOptions): Promise<MeasuredK6Run> {
  const summaryFile = path.join(options.workDir, `${options.label}.summary.json`);
  const result = await runK6({
    script: options.script,
    env: options.env,
    timeoutMs: options.timeoutMs,
    args: [
      // Nothing leaves the machine: k6 otherwise reports anonymous usage over the network.
      '--no-usage-report',
      '--quiet',
      '--summary-export',
      summaryFile,
      '--summary-trend-stats',
      TREND_STATS,
      ...(options.args ?? []),
    ],
  });
  const ran = result.exitCode === K6_EXIT.ok || result.exitCode === K6_EXIT.thresholdsFailed;
  if (!ran || result.exitCode === null)
    throw new Error(
      `k6 ${options.label}: ${describeK6Exit(result.exitCode)}: ${lastK6Message(result.stderr)}`,
    );
  const { metrics } = JSON.parse(readFileSync(summaryFile, 'utf8')) as { metrics: K6Metrics };
  return { metrics, exitCode: result.exitCode };
}

/** One stat of one metric, or undefined when k6 did not report it (e.g. a counter that stayed 0). */
export const stat = (metrics: K6Metrics, metric: string, name: string): number | undefined =>
  metrics[metric]?.[name];

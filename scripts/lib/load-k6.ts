/**
 * Runs the bundled scenario: one k6 process, or N on execution segments (scripts/lib/k6-segments),
 * each writing its raw points; a single run also exports k6's web dashboard as HTML.
 */
import path from 'node:path';
import { runK6, type RunK6Result } from './k6.ts';
import { runSegmented } from './k6-segments.ts';
import { lastK6Error } from './load-verdict.ts';

export interface LoadK6Options {
  bundle: string;
  dir: string;
  env: Record<string, string>;
  segments: number;
  timeoutMs: number;
  echo: boolean;
  /** The run's planned length: the dashboard aggregates over a 30th of it. */
  durationS: number;
}

export interface LoadK6Run {
  k6ExitCodes: (number | null)[];
  timedOut: boolean;
  k6Error: string | undefined;
  pointFiles: string[];
  dashboard?: string;
}

/** k6 must not phone home: every run stays on the machine and its targets. */
const QUIET_ENV = { K6_NO_USAGE_REPORT: 'true' };

const firstError = (runs: RunK6Result[]) =>
  runs.map((run) => lastK6Error(run.stderr)).find((line) => line !== undefined);

export async function runLoadK6(options: LoadK6Options): Promise<LoadK6Run> {
  const { bundle, dir, segments, timeoutMs, echo } = options;
  const env = { ...options.env, ...QUIET_ENV };
  if (segments > 1) {
    // One dashboard export per process would overwrite each other: segmented runs have none.
    const run = await runSegmented({
      n: segments,
      outDir: dir,
      script: bundle,
      env,
      timeoutMs,
      echo,
      args: ['--quiet'],
    });
    return {
      k6ExitCodes: run.segments.map((segment) => segment.exitCode),
      timedOut: run.segments.some((segment) => segment.timedOut),
      k6Error: firstError(run.segments),
      pointFiles: run.segments.map((segment) => segment.pointsFile),
    };
  }
  const points = path.join(dir, 'points.json.gz');
  // The dashboard skips its report when it has too few aggregation periods (default 10 s each).
  const period = Math.min(10, Math.max(1, Math.round(options.durationS / 30)));
  const dashboard = path.join(dir, 'dashboard.html');
  const run = await runK6({
    script: bundle,
    env: {
      ...env,
      K6_WEB_DASHBOARD: 'true',
      // -1: no HTTP port at all, so the run needs none free and k6 never waits for a browser.
      K6_WEB_DASHBOARD_PORT: '-1',
      K6_WEB_DASHBOARD_PERIOD: `${period}s`,
      K6_WEB_DASHBOARD_EXPORT: dashboard,
    },
    args: ['--quiet', '--out', `json=${points}`],
    timeoutMs,
    echo,
  });
  return {
    k6ExitCodes: [run.exitCode],
    timedOut: run.timedOut,
    k6Error: lastK6Error(run.stderr),
    pointFiles: [points],
    dashboard,
  };
}

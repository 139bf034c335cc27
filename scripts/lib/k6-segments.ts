/**
 * A distributed run on one machine: N k6 processes, each on its execution segment of the same
 * test (what k6-operator does with N pods), their raw points merged into one summary.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../../lib/errors.ts';
import { runK6, type RunK6Options, type RunK6Result } from './k6.ts';
import { mergePointFiles, type MergeOptions, type MergedSummary } from './k6-merge.ts';

/** `0,1/3,2/3,1`: the cut points k6 splits the test at. */
export function segmentSequence(n: number): string {
  return ['0', ...Array.from({ length: n - 1 }, (_, i) => `${i + 1}/${n}`), '1'].join(',');
}

/** Segment `index` (from 0) of `n` equal segments, e.g. `1/3:2/3`. */
export function segmentOf(index: number, n: number): string {
  const bound = (k: number) => (k === 0 ? '0' : k === n ? '1' : `${k}/${n}`);
  return `${bound(index)}:${bound(index + 1)}`;
}

export interface SegmentedRunOptions extends RunK6Options {
  /** How many k6 processes (segments). */
  n: number;
  /** Where each segment writes its raw points (`points-<i>.json.gz`). */
  outDir: string;
  merge?: MergeOptions;
}

interface SegmentRun extends RunK6Result {
  index: number;
  segment: string;
  pointsFile: string;
}

export interface SegmentedRunResult {
  segments: SegmentRun[];
  /** Over the points of every segment that wrote any. */
  summary: MergedSummary;
  /**
   * 0 when every segment exited 0, else the first other code (null if one was killed). Each
   * segment judges its thresholds on its own points only: judge the merged summary instead.
   */
  exitCode: number | null;
}

function assertSegmentCount(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new HarnessError(`segments must be an integer from 1 to 64, got ${n}`);
}

/**
 * Runs `n` k6 processes in parallel on the segments of one test and merges their raw points.
 * Each process also gets SEGMENT_INDEX and SEGMENT_COUNT in its environment, so that a scenario
 * can, for example, give its handleSummary file a per-segment name.
 */
export async function runSegmented(options: SegmentedRunOptions): Promise<SegmentedRunResult> {
  const { n, outDir, merge, ...run } = options;
  assertSegmentCount(n);
  mkdirSync(outDir, { recursive: true });
  const sequence = segmentSequence(n);
  const segments = await Promise.all(
    Array.from({ length: n }, async (_, index): Promise<SegmentRun> => {
      const segment = segmentOf(index, n);
      const pointsFile = path.join(outDir, `points-${index}.json.gz`);
      const result = await runK6({
        ...run,
        env: { ...run.env, SEGMENT_INDEX: String(index), SEGMENT_COUNT: String(n) },
        args: [
          '--execution-segment',
          segment,
          '--execution-segment-sequence',
          sequence,
          '--out',
          `json=${pointsFile}`,
          ...(run.args ?? []),
        ],
      });
      return { ...result, index, segment, pointsFile };
    }),
  );
  const written = segments.map((s) => s.pointsFile).filter((file) => existsSync(file));
  const summary = await mergePointFiles(written, merge);
  const failed = segments.find((s) => s.exitCode !== 0);
  return { segments, summary, exitCode: failed ? failed.exitCode : 0 };
}

/**
 * What the harness hands its Artillery engine in the test script (`config.harness`), as plain
 * data: the stages of the run (one per load: the gate runs all its loads in one Artillery
 * process, stage after stage), each with its scenario, settings, setup data and whole schedule
 * (the engine starts each arrival at its own due time: Artillery only starts its slots), which
 * generator this process is, and where the points go. Each stage's target travels in the
 * environment (targetEnv), never in the script: a sandbox's target file holds its keys.
 */
import type { Phase } from '../phases.ts';
import type { LoadSettings, SetupData } from '../scenario.ts';
import type { GeneratorShare } from '../walk-schedule.ts';

export interface StageConfig {
  scenario: string;
  settings: LoadSettings;
  setup: SetupData;
  /** Whether a threshold reads latency_drift, which costs a point per page. */
  recordDrift: boolean;
  /** Requests per second this generator process may send the stage's target at most. */
  maxRps?: number;
  /** Arrivals in flight per generator process at most; those due beyond it are skipped and counted. */
  maxInFlight?: number;
  /** The environment variable holding the stage's target file as JSON. */
  targetEnv: string;
  /**
   * The stage's whole schedule (every generator's): each generator runs its share of it. Its walks
   * stop GRACE_S after its length, counted from the stage's first slot.
   */
  phases: Phase[];
}

/** Seconds a stage's walks may go on after its schedule before they stop (end `stopped`). */
export const GRACE_S = 5;

export interface EngineConfig {
  /** By stage name; a phase named `<stage>:<phase>` belongs to that stage. */
  stages: Record<string, StageConfig>;
  /** Where each worker writes its points: one folder per stage. */
  pointsDir: string;
  /** This process among the run's generator processes (`--workers N`, or a distributed run's instances). */
  generator: GeneratorShare;
  /** Slots Artillery starts per second in this process, through every stage (lib/load/artillery/slots.ts). */
  slotsPerS: number;
  /** Whether the points also feed the dimensioned metrics of `--publish` (published-metrics.ts). */
  publish?: boolean;
  /**
   * A distributed run: every series the verdict reads also goes out as Artillery metrics
   * (verdict-metrics.ts), trends split by `trendTags`, for the harness to judge Artillery's merged
   * report. Off in local runs, which judge their points and need not pay for it.
   */
  verdictMetrics?: { trendTags: string[] };
}

/** The target file's JSON of stage number `index`; keys it names are read from the environment. */
export const targetEnv = (index: number): string => `HARNESS_TARGET_JSON_${index}`;

/** A phase's name in the script: which stage, and `slots` or `gap`. */
export const phaseName = (stage: string, phase: 'slots' | 'gap'): string => `${stage}:${phase}`;

export function splitPhaseName(name: string): { stage: string; phase: string } {
  const at = name.indexOf(':');
  return at < 0 ? { stage: name, phase: '' } : { stage: name.slice(0, at), phase: name.slice(at + 1) };
}

/**
 * What the harness hands its Artillery engine in the test script (`config.harness`), as plain
 * data: which scenario, its settings and setup data, where the points go. The target travels in
 * the environment (TARGET_ENV), never in the script: a sandbox's target file holds its keys.
 */
import type { LoadSettings, SetupData } from '../scenario.ts';

export interface EngineConfig {
  scenario: string;
  settings: LoadSettings;
  setup: SetupData;
  /** Whether a threshold reads latency_drift, which costs a point per page. */
  recordDrift: boolean;
  /** Requests per second this generator process may send at most. */
  maxRps?: number;
  /** Where each worker writes its points file. */
  pointsDir: string;
  /** This process among the run's generator processes (`--workers N`). */
  generator: { index: number; count: number };
}

/** The target file's JSON; its keys, when it names environment variables, are read there. */
export const TARGET_ENV = 'HARNESS_TARGET_JSON';

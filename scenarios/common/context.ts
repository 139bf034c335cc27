/**
 * What every scenario reads in the init context: the target and the load configuration. The
 * target arrives as a target file (JSON) in HARNESS_TARGET_JSON or in the file HARNESS_TARGET_FILE
 * names; keys that the file takes from environment variables are read from k6's environment, so
 * no key is ever written to disk by the harness.
 */
import { treat429AsExpected } from '../../lib/adapters/k6-http.ts';
import { loadConfig, LOAD_ENV, type LoadConfig } from '../../lib/load/config.ts';
import type { ProfileName } from '../../lib/load/profiles.ts';
import { gatesOnDrift } from '../../lib/load/thresholds.ts';
import { resolveTarget, type Target } from '../../lib/target/target.ts';

export interface ScenarioContext {
  target: Target;
  config: LoadConfig;
  /** Whether a threshold reads latency_drift, which is recorded only then (one sample per page). */
  recordDrift: boolean;
}

function targetText(): string {
  const inline = __ENV[LOAD_ENV.targetJson];
  if (inline) return inline;
  const file = __ENV[LOAD_ENV.targetFile];
  if (file) return open(file);
  throw new Error(
    `no target: set ${LOAD_ENV.targetJson} to a target file's JSON or ${LOAD_ENV.targetFile} to its path`,
  );
}

function readTarget(): Target {
  let json: unknown;
  try {
    json = JSON.parse(targetText());
  } catch (error) {
    throw new Error(`the target is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  // k6 has no URL class, which resolveTarget uses only to name a target that has no name.
  const host = /^https?:\/\/([^/]+)/.exec(String((json as { baseUrl?: unknown }).baseUrl))?.[1] ?? 'target';
  // k6 reads the options in VU 0 before it starts any VU, and a bad target stops it there: the
  // VUs after it need not check the file's shape again (which alone would load TypeBox in each,
  // scripts/lib/k6-deferred.ts). Keys are still resolved in every VU.
  const result = resolveTarget({ name: host, ...(json as object) }, __ENV, { shapeChecked: __VU > 0 });
  if (!result.ok) throw new Error(`target file: ${result.problems.join('; ')}`);
  return result.target;
}

/** Call once, at module level of a scenario (k6's init context). */
export function initScenario(fallbackProfile: ProfileName): ScenarioContext {
  treat429AsExpected();
  const config = loadConfig(__ENV, fallbackProfile);
  return { target: readTarget(), config, recordDrift: gatesOnDrift(config.profile, config.overrides) };
}

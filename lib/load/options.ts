/** The k6 `options` of a scenario, as plain data: executors from the profile, thresholds, tags. */
import type { ArrivalScenario } from './executor.ts';
import type { LoadConfig } from './config.ts';
import { thresholdsFor, type ScenarioName, type Thresholds } from './thresholds.ts';

export interface ScenarioOptions {
  scenarios: Record<string, ArrivalScenario>;
  thresholds: Thresholds;
  summaryTrendStats: string[];
  systemTags: string[];
  setupTimeout: string;
  rps?: number;
}

/**
 * k6's system tags minus `url` (a cursor makes every URL unique; `name` groups by endpoint),
 * `proto`, `tls_version`, `subproto` and `service`: fewer, smaller raw points.
 */
const SYSTEM_TAGS = [
  'status',
  'method',
  'name',
  'group',
  'check',
  'error',
  'error_code',
  'scenario',
  'expected_response',
];

export function scenarioOptions(
  scenario: ScenarioName,
  config: LoadConfig,
  scenarios: Record<string, ArrivalScenario>,
): ScenarioOptions {
  return {
    scenarios,
    thresholds: thresholdsFor(scenario, config.profile, config.overrides),
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'],
    systemTags: SYSTEM_TAGS,
    // Generous: the isolation scenario walks every tenant's lists in setup().
    setupTimeout: '120s',
    // A safety ceiling from the target file (load.maxRps), not a workload shape.
    ...(config.maxRps ? { rps: config.maxRps } : {}),
  };
}

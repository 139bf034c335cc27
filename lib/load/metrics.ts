/**
 * The custom metrics every load scenario emits, by name. One place, so the k6 side that records
 * them, the thresholds that gate on them and the Node side that reads them cannot drift apart.
 */
export const METRIC = {
  /** Trend: pages in one walk (walk length). */
  walkPages: 'walk_pages',
  /** Trend (ms): wall time of one walk, backoff included. */
  walkDuration: 'walk_duration',
  /** Counter: pages folded into walks; its rate is pages per second. */
  pages: 'pages',
  /**
   * Counter: pages the Go page screen passed, whose record checks it ran (lib/adapters/k6-screen.ts);
   * the other pages were checked record by record in JavaScript.
   */
  screenedPages: 'screened_pages',
  /**
   * Counter: of the screened pages, those folded wholly in Go, where every page check was vouched
   * for and no JavaScript ran (walk.fold, and the walk's lane in Go: lib/adapters/k6-walk.ts).
   */
  foldedPages: 'folded_pages',
  /** Counter, tagged `end`: walks by how they ended. */
  walks: 'walks',
  /** Rate: walks that ended throttled or timed out, neither a pass nor a contract failure. */
  walkInconclusive: 'walk_inconclusive',
  /** Rate, tagged `key` and `tenant`: share of responses that were 429. */
  rateLimited: 'rate_limited',
  /** Counter: 429s answered by backing off and retrying. */
  retries: 'retries',
  /** Trend (ms): from a key's first 429 to the next response that served it. */
  throttleRecovery: 'throttle_recovery',
  /** Rate (advisory): 429s that carried a readable Retry-After; the spec does not promise one (§8). */
  retryAfterPresent: 'retry_after_present',
  /** Rate (advisory): retries after waiting the full Retry-After that were served. */
  retryAfterHonest: 'retry_after_honest',
  /** Rate: responses that were 5xx or no response at all (timeout, reset). */
  serverErrors: 'server_errors',
  /** Counter, tagged `check`, `code`, `message`: one point per failure a page check found. */
  checkFailures: 'check_failures',
  /** Trend (ms): per walk, mean latency of deep pages minus mean latency of the first pages. */
  depthLatencyAdded: 'depth_latency_added',
  /** Trend (ms), tagged `period`: request latency minus the latency floor (p10) measured in setup(). */
  latencyDrift: 'latency_drift',
} as const;

/** Tags the scenarios put on requests and metrics (besides k6's own). */
const TAG = {
  endpoint: 'endpoint',
  tenant: 'tenant',
  role: 'role',
  /** `<tenant>/<role>`: a key by its label, never its value. */
  key: 'key',
  depth: 'depth',
  /** fairness: `noisy` or `quiet`; every other scenario: `walk`. */
  traffic: 'traffic',
  /** Third of the run a sample falls in: `early`, `middle`, `late` (drift). */
  period: 'period',
  end: 'end',
} as const;

/** Tags the Node side splits merged points by, to report latency and 429s per tag value. */
export const SPLIT_TAGS: readonly string[] = [
  TAG.endpoint,
  TAG.tenant,
  TAG.role,
  TAG.key,
  TAG.depth,
  TAG.traffic,
  TAG.period,
  TAG.end,
  'check',
];

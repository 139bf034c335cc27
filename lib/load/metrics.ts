/**
 * The metrics every load run records, by name. One place, so the engine that records them, the
 * thresholds that gate on them and the harness that reads them cannot drift apart. Each is a
 * series of raw points (lib/load/points/format.ts) tagged with the dimensions below; a threshold
 * or a report names one dimension's value as `metric{tag:value}`.
 */
export const METRIC = {
  /** Trend (ms), one point per response: time from sending the request to reading the whole body. */
  latency: 'latency',
  /** Trend: pages in one walk (walk length). */
  walkPages: 'walk_pages',
  /** Trend (ms): wall time of one walk, backoff included. */
  walkDuration: 'walk_duration',
  /** Counter: pages folded into walks; its rate is pages per second. */
  pages: 'pages',
  /** Counter, tagged `end`: walks by how they ended. */
  walks: 'walks',
  /** Rate: walks that ended throttled, timed out or stopped, neither a pass nor a contract failure. */
  walkInconclusive: 'walk_inconclusive',
  /** Rate, tagged `key` and `tenant`: share of responses that were 429. */
  rateLimited: 'rate_limited',
  /** Counter: 429s answered by backing off and retrying. */
  retries: 'retries',
  /** Trend (ms): from a key's first 429 to the next response that served it. */
  throttleRecovery: 'throttle_recovery',
  /** Rate (advisory): 429s that carried a readable Retry-After; the spec does not promise one (spec §8). */
  retryAfterPresent: 'retry_after_present',
  /** Rate (advisory): retries after waiting the full Retry-After that were served. */
  retryAfterHonest: 'retry_after_honest',
  /**
   * Counter, tagged `check`: requests the contract refuses (lib/load/refused-plan.ts), sent beside
   * the walks, whose answer a check judged (a 429 is not judged: rate_limited{traffic:refused}).
   */
  refused: 'refused_requests',
  /**
   * Counter, tagged `check` and `tenant`: walks a check judged once they ended (walk-complete-under-load: those
   * of a quiescent tenant's unfiltered list that ended with hasMore false).
   */
  judgedWalks: 'judged_walks',
  /** Rate: responses that were 5xx or no response at all (timeout, reset, refused). */
  serverErrors: 'server_errors',
  /** Counter, tagged `check`, `code`, `message`: one point per failure a page check found. */
  checkFailures: 'check_failures',
  /** Trend (ms): per walk, mean latency of deep pages minus mean latency of the first pages. */
  depthLatencyAdded: 'depth_latency_added',
  /** Trend (ms), tagged `period`: request latency minus the latency floor (p10) measured in setup. */
  latencyDrift: 'latency_drift',
  /**
   * Trend (ms), one point per arrival: how late the load generator started it after its due time
   * in the stage's schedule (open model). A generator that cannot keep its schedule shows here,
   * not in latency.
   */
  generatorLateness: 'generator_lateness',
  /**
   * Trend (ms), one point per request written: from the send (where latency starts) to undici
   * writing the request on one of the worker's connections. Part of latency, as it must be (a
   * slow target that holds every connection makes the next request wait: coordinated omission);
   * shown on its own so that a generator queueing behind itself is not read as a slow target.
   */
  clientWait: 'client_wait',
  /**
   * Trend (%), one point per second and worker thread while the stage has arrivals in flight: the
   * share of that second the thread's event loop was busy (Node's event-loop utilisation). What
   * tells whose the client wait is (lib/load/verdict.ts generatorShortfall).
   */
  generatorBusy: 'generator_busy',
  /** Counter: arrivals (walks; fairness's flood requests, capacity's requests) the generator started. */
  arrivals: 'arrivals',
  /** Counter: arrivals due while the generator held --max-in-flight of them: never started, counted. */
  skipped: 'arrivals_skipped',
  /**
   * Counter: Artillery's arrivals, each a slot of the schedule whose arrivals the engine started
   * at their own due times: what Artillery's own vusers.* count.
   */
  slots: 'slots',
} as const;

/**
 * The trends (ms) whose values run from a request's send: latency and what is built from it. The
 * client wait is in each of them.
 */
const REQUEST_TIME_METRICS: readonly string[] = [
  METRIC.latency,
  METRIC.walkDuration,
  METRIC.throttleRecovery,
  METRIC.depthLatencyAdded,
  METRIC.latencyDrift,
];

/** Whether a series (`metric` or `metric{tag:value}`) is one of REQUEST_TIME_METRICS. */
export const holdsClientWait = (series: string): boolean =>
  REQUEST_TIME_METRICS.includes(series.replace(/\{.*$/, ''));

/** Tags the engine puts on points. */
const TAG = {
  endpoint: 'endpoint',
  tenant: 'tenant',
  role: 'role',
  /** `<tenant>/<role>`: a key by its label, never its value. */
  key: 'key',
  depth: 'depth',
  /** fairness: `noisy` or `quiet`; capacity: `capacity`; refused requests: `refused`; else `walk`. */
  traffic: 'traffic',
  /** Third of the run a sample falls in: `early`, `middle`, `late` (drift). */
  period: 'period',
  end: 'end',
  status: 'status',
} as const;

/** Tags the harness splits merged points by, to report and gate per tag value. */
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

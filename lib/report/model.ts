/**
 * The `summary.json` of a run (schemaVersion 1): the one contract between the runners that produce
 * results (properties, load, capacity, repro) and everything that shows them (HTML, JUnit, baseline
 * comparison, CI). Additive changes keep version 1; removing or renaming a field bumps it.
 * Field-by-field reference: docs/report.md.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { OTHER_METHODS } from '../http/call.ts';
import { KEY_CASES } from '../http/key-case.ts';
import { KEY_PLACES } from '../http/key-place.ts';
import { KEY_SPELLINGS } from '../http/key-spelling.ts';
import { TWO_KEY_FORMS } from '../http/two-keys.ts';
import { KEY_ROLES } from '../target/schema.ts';

export const SCHEMA_VERSION = 1;

const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const oneOf = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TSchema & { static: T[number] };
const Milliseconds = Type.Number({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });
const Fraction = Type.Number({ minimum: 0, maximum: 1 });
const Timestamp = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
});
// A path inside the run directory: relative, no `..`, no scheme, so a report link stays inside it.
const RunFilePath = Type.String({
  pattern: '^(?!/)(?![A-Za-z][A-Za-z0-9+.-]*:)(?!.*(^|/)\\.\\.(/|$))[^\\\\<>"]+$',
});

const COMMANDS = ['gate', 'props', 'load', 'capacity', 'repro'] as const;
const CHECK_KINDS = ['property', 'threshold', 'invariant'] as const;
const CHECK_VERDICTS = ['passed', 'failed', 'skipped'] as const;

/** Mirrors `RequestRecord` of lib/failure.ts: the key by tenant and role, never its value. */
const RequestRecordSchema = closed({
  endpoint: oneOf(['menuItems', 'orders'] as const),
  path: Type.String(),
  tenant: Type.String(),
  role: oneOf([...KEY_ROLES, 'none', 'malformed'] as const),
  scheme: oneOf(['bearer', 'bearerLowerCase', 'serviceHeader'] as const),
  keyCase: Type.Optional(oneOf(KEY_CASES)),
  keyPlace: Type.Optional(oneOf(KEY_PLACES)),
  second: Type.Optional(
    closed({ tenant: Type.String(), role: oneOf(KEY_ROLES), form: oneOf(TWO_KEY_FORMS) }),
  ),
  keySpelling: Type.Optional(oneOf(KEY_SPELLINGS)),
  status: Type.Integer(),
  method: Type.Optional(oneOf(['HEAD', ...OTHER_METHODS] as const)),
});

/** Mirrors `Failure` of lib/failure.ts (a test asserts the two types are equal). */
export const FailureSchema = closed({
  check: Type.String({ minLength: 1 }),
  code: Type.String({ minLength: 1 }),
  severity: oneOf(['error', 'advisory'] as const),
  message: Type.String(),
  expected: Type.String(),
  received: Type.String(),
  requests: Type.Array(RequestRecordSchema),
});

const StageSchema = closed({
  name: Type.String({ minLength: 1 }),
  /**
   * `inconclusive`: the stage could not be judged, wholly or in part, for a reason on the user's
   * side (the load generator fell behind, a premise never held);
   * `error`: the harness itself failed (a bug). Either way what it judged before is kept, and its
   * reason says why (docs/report.md, "Verdicts and exit codes").
   */
  verdict: oneOf(['pass', 'fail', 'inconclusive', 'error'] as const),
  durationMs: Milliseconds,
  /** Why the stage is inconclusive or in error, one line, no key (required then). */
  reason: Type.Optional(Type.String({ minLength: 1 })),
});

const CheckResultSchema = closed({
  /** The registry name (lib/checks/registry.ts), property name, or `metric: threshold`. */
  name: Type.String({ minLength: 1 }),
  kind: oneOf(CHECK_KINDS),
  /** Invariant family: pagination, limits, cursors, filters, auth, tenancy, errors, ratelimit, ... */
  family: Type.Optional(Type.String({ minLength: 1 })),
  verdict: oneOf(CHECK_VERDICTS),
  /** Why it was skipped (required then) or, for a failure without Failure data, what failed. */
  reason: Type.Optional(Type.String({ minLength: 1 })),
  /** One line for any verdict, e.g. a threshold's observed value: "p(95)=212 ms (< 500)". */
  detail: Type.Optional(Type.String()),
  durationMs: Type.Optional(Milliseconds),
  /** Severity `error` only; advisories go to the summary's `advisories`. */
  failures: Type.Optional(Type.Array(FailureSchema)),
  /** fast-check replay: `fc.assert(property, { seed, path })`. */
  seed: Type.Optional(Type.Integer()),
  path: Type.Optional(Type.String()),
  /** The harness command that replays the failure against what the run ran against. */
  replay: Type.Optional(Type.String({ minLength: 1 })),
  /** Runnable reproductions (curl, Artillery), relative to the run directory. */
  reproduction: Type.Optional(Type.Array(RunFilePath)),
});

const LatencyRowSchema = closed({
  endpoint: Type.String({ minLength: 1 }),
  tenant: Type.Optional(Type.String({ minLength: 1 })),
  /** The load (gate stage) the row measures; absent: every load of the run together. */
  stage: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * What ran to measure it: each load's scenario, profile and arrival schedule (every load of the
   * run, for a row without a stage). A baseline compares rows of the same stage, load, endpoint
   * and tenant only.
   */
  load: Type.Optional(Type.String({ minLength: 1 })),
  p50: Milliseconds,
  p95: Milliseconds,
  p99: Milliseconds,
  max: Milliseconds,
  count: Count,
});

/** Share of responses that were 429 in the interval starting `t` seconds after the run start. */
const Rate429PointSchema = closed({
  t: Type.Number({ minimum: 0 }),
  rate: Fraction,
  tenant: Type.Optional(Type.String()),
});

/** Latency of pages at depth `bucket` (1 = first page of a walk; a range is named by its first). */
const DepthRowSchema = closed({
  bucket: Type.Integer({ minimum: 1 }),
  p50: Milliseconds,
  p95: Milliseconds,
  count: Count,
});

const Rps = Type.Number({ minimum: 0 });
const RpsOrNone = Type.Union([Rps, Type.Null()]);

/** One arrival-rate step; the optional fields came later (older summaries lack them). */
const CapacityStepSchema = closed({
  /** The offered arrival rate. */
  rps: Rps,
  p95: Milliseconds,
  errorRate: Fraction,
  rate429: Fraction,
  p99: Type.Optional(Milliseconds),
  /** Requests made per second of the step. */
  achievedRps: Type.Optional(Rps),
  /** Arrivals the generator started per second of the step. */
  generatorRps: Type.Optional(Rps),
  /** p95 of how late the generator started the step's arrivals. */
  latenessP95: Type.Optional(Milliseconds),
  /** `undriven`: the generator could not drive the step; it counts neither way. */
  verdict: Type.Optional(oneOf(['met', 'missed', 'undriven'] as const)),
  /** What a `missed` step missed. */
  misses: Type.Optional(Type.Array(oneOf(['p95', 'p99', 'errors', '429'] as const))),
  /**
   * Why an `undriven` step was: arrivals started `late`, requests `queued` for the generator's own
   * connections behind its busy event loop, too few arrivals (`short`) or more than planned (`over`).
   */
  undriven: Type.Optional(oneOf(['late', 'queued', 'short', 'over'] as const)),
});

/** First step rate with 429s for one key (named `tenant/role`, never its value) or tenant. */
const Onset429Schema = closed({
  scope: oneOf(['key', 'tenant'] as const),
  name: Type.String({ minLength: 1 }),
  /** null: no 429 up to the highest step measured. */
  rps: RpsOrNone,
  /** The limit the onset implies, in requests per second sent to this key or tenant. */
  limit: Type.Optional(closed({ atLeast: RpsOrNone, below: RpsOrNone })),
  /** Requests per second answered other than 429 in the onset step: a throttling limit lets about its own rate through. */
  served: Type.Optional(RpsOrNone),
  /** A key whose 429s began with its tenant's: its own limit was not reached before. */
  withTenant: Type.Optional(Type.Literal(true)),
});

/** What a step must meet to count towards the capacity. */
const ObjectiveSchema = closed({
  p95Ms: Milliseconds,
  p99Ms: Milliseconds,
  maxErrorRate: Fraction,
  max429Rate: Fraction,
});

/**
 * The capacity: `measured` (a step above it missed), `at-least` (none above it missed: a lower
 * bound), `below` (the first step measured missed: an upper bound), `none` (no step was driven).
 */
const CapacityAnswerSchema = closed({
  kind: oneOf(['measured', 'at-least', 'below', 'none'] as const),
  rps: Type.Optional(Rps),
  /** The step rate at which the objective was first missed for good. */
  missedAt: Type.Optional(Rps),
  /** The answer as the console printed it, the objective included. */
  line: Type.Optional(Type.String()),
  /** Capacity over `--expected-rate`, as the console printed it. */
  headroom: Type.Optional(Type.String()),
});

const CapacitySchema = closed({
  steps: Type.Array(CapacityStepSchema),
  knee: Type.Optional(
    closed({
      rps: Rps,
      p95: Milliseconds,
      reasons: Type.Optional(Type.Array(oneOf(['p95', 'throughput'] as const))),
      /** Each reason with its figures, one line each. */
      because: Type.Optional(Type.Array(Type.String())),
      /** false: the last step measured bent, no step after it confirmed. */
      confirmed: Type.Optional(Type.Boolean()),
    }),
  ),
  onset429: Type.Optional(Type.Array(Onset429Schema)),
  objective: Type.Optional(ObjectiveSchema),
  answer: Type.Optional(CapacityAnswerSchema),
  /** `--expected-rate`: the production rate the headroom compares with. */
  expectedRps: Type.Optional(Rps),
  /** What to run next, one line each. */
  next: Type.Optional(Type.Array(Type.String())),
});

const Seconds = Type.Number({ minimum: 0 });

/** One load's stretch of the run, in seconds on the time axis of `rate429` (from the first response). */
const LoadWindowSchema = closed({
  name: Type.String({ minLength: 1 }),
  start: Seconds,
  end: Seconds,
  /** What the load provokes on purpose, so a chart does not read it as a fault: `throttling`. */
  expects: Type.Optional(Type.String({ minLength: 1 })),
});

/** One second of the run, `t` seconds after its first response. */
const TimelinePointSchema = closed({
  t: Seconds,
  /** Latency of the responses other than 429 that ended in that second; absent when none did. */
  p50: Type.Optional(Milliseconds),
  p95: Type.Optional(Milliseconds),
  /** Responses other than 429 that ended in that second. */
  served: Count,
  /** Arrivals the generator started in that second (walks; the fairness flood's single requests). */
  arrivals: Count,
  /** Arrivals per second the schedule planned then; absent outside every load's schedule. */
  planned: Type.Optional(Type.Number({ minimum: 0 })),
});

const MetricsSchema = closed({
  latency: Type.Array(LatencyRowSchema),
  rate429: Type.Array(Rate429PointSchema),
  depth: Type.Array(DepthRowSchema),
  capacity: Type.Optional(CapacitySchema),
  /** Load runs: each load's stretch of the time axis (absent in summaries written before). */
  loads: Type.Optional(Type.Array(LoadWindowSchema)),
  /** Load runs: latency and arrivals, achieved and planned, per second (absent before). */
  timeline: Type.Optional(Type.Array(TimelinePointSchema)),
});

const RegressionSchema = closed({
  kind: oneOf(['latency', 'onset429', 'check'] as const),
  /** What regressed: `menuItems tenant-a p95`, `tenant tenant-a`, a check name. */
  subject: Type.String({ minLength: 1 }),
  baseline: Type.Union([Type.Number(), Type.String()]),
  current: Type.Union([Type.Number(), Type.String()]),
  /** The allowed relative change it went beyond (0.2 = 20 %); absent for a check. */
  margin: Type.Optional(Type.Number({ minimum: 0 })),
  message: Type.String(),
});

const TargetInfoSchema = closed({
  name: Type.String({ minLength: 1 }),
  /** Origin and path only: user info, query and fragment removed (see `describeTarget`). */
  baseUrl: Type.String(),
  kind: oneOf(['sandbox', 'remote'] as const),
  /** Sandbox faults switched on for the run (`--fault`). */
  faults: Type.Optional(Type.Array(Type.String())),
});

export const SummarySchema = closed({
  schemaVersion: Type.Literal(SCHEMA_VERSION),
  runId: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  startedAt: Timestamp,
  finishedAt: Timestamp,
  command: oneOf(COMMANDS),
  target: TargetInfoSchema,
  /** `artillery` is required when a load ran (a threshold check or load metrics are present). */
  versions: closed({ harness: Type.String(), node: Type.String(), artillery: Type.Optional(Type.String()) }),
  /** `inconclusive`: nothing failed, but some of the run could not be judged (exit 2). */
  verdict: oneOf(['pass', 'fail', 'inconclusive'] as const),
  /**
   * 0 pass; 1 a check, stage or baseline failed, or the harness failed (a stage in `error`);
   * 2 nothing failed but something could not be judged, for a reason on the user's side.
   */
  exitCode: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  stages: Type.Array(StageSchema),
  checks: Type.Array(CheckResultSchema),
  advisories: Type.Array(FailureSchema),
  metrics: MetricsSchema,
  /** Files of the run other than the three reports (Artillery scripts, raw points). */
  artifacts: Type.Optional(Type.Array(closed({ name: Type.String({ minLength: 1 }), path: RunFilePath }))),
  baseline: Type.Optional(closed({ path: Type.String(), regressions: Type.Array(RegressionSchema) })),
});

export type Summary = Static<typeof SummarySchema>;
export type CheckResult = Static<typeof CheckResultSchema>;
export type CheckKind = CheckResult['kind'];
export type Command = Summary['command'];
export type Metrics = Summary['metrics'];
export type LatencyRow = Metrics['latency'][number];
export type Capacity = NonNullable<Metrics['capacity']>;
export type LoadWindow = Static<typeof LoadWindowSchema>;
export type TimelinePoint = Static<typeof TimelinePointSchema>;
export type Regression = Static<typeof RegressionSchema>;
export type ReportFailure = Static<typeof FailureSchema>;

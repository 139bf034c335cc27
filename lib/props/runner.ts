/**
 * Runs property definitions programmatically with `fc.check` and returns results as data:
 * passed, failed (failures, seed, path, shrunk request sequence) or skipped (with the reason).
 * The vitest files, `npm run props`, the gate and the mutation matrix all call this.
 */
import fc from 'fast-check';
import { isError, type Failure } from '../failure.ts';
import { NoAnswer } from '../http/no-answer.ts';
import { answerAdvisories } from '../paging/answer-checks.ts';
import { noAnswerFailure } from '../paging/run-checks.ts';
import { redactDeep } from '../redact.ts';
import { targetRedactor } from '../target/target.ts';
import { propertyTimeMs, tooLongNote } from './budget.ts';
import { needsSurvey, unmetNeeds } from './needs.ts';
import { reproSteps } from './repro.ts';
import type { SuiteContext } from './context.ts';
import { coverageReport, type CoverageReport } from './coverage.ts';
import { ContractViolation } from './transcript.ts';
import { isSkip, type Family, type PropertyDefinition } from './types.ts';
import type { ReproStep } from '../repro/step-walks.ts';

export interface RunOptions {
  /** Random runs per property, after its coverage phase; each definition's own default when absent. */
  runs?: number;
  /**
   * Time for one property, shrinking included (fast-check's interruptAfterTimeLimit).
   * @default propertyTimeMs(budget): 10000, or two walks' time when the walk budget is raised
   */
  timeBudgetMs?: number;
  /** fast-check seed; a random one (reported) when absent. */
  seed?: number;
  /** fast-check path of a counterexample, to replay it (with its seed). */
  path?: string;
  /** Pages a whole walk may take (--walk-pages), read by the suite context (createContext). */
  walkPages?: number;
  /** Shrink a counterexample; off where only whether a property fails counts (mutation score). @default true */
  shrink?: boolean;
}

export const DEFAULT_TIME_BUDGET_MS = 10_000;

interface ResultBase {
  name: string;
  family: Family;
  durationMs: number;
  /** The lists its walks could not read whole within their budget, and how to give them more. */
  note?: string;
}

/** What an aimed property's runs reached (lib/props/coverage.ts); absent for the others. */
interface Covered {
  coverage?: CoverageReport;
}

interface Passed extends ResultBase, Covered {
  status: 'passed';
  seed: number;
  runs: number;
  /** Runs that proved nothing (throttled, over time, precondition unmet). */
  inconclusiveRuns: number;
  advisories: Failure[];
}

export interface Failed extends ResultBase, Covered {
  status: 'failed';
  seed: number;
  path: string;
  runs: number;
  shrinks: number;
  /** From the first run (inputs ready, survey done) to the end of the first failing run. */
  timeToDetectMs: number;
  /** The shrunk input, as fast-check prints it. */
  input: string;
  failures: Failure[];
  /** The requests of the shrunk run, in order: what the curl reproduction replays. */
  requests: ReproStep[];
  advisories: Failure[];
}

interface Skipped extends ResultBase {
  status: 'skipped';
  reason: string;
}

export type PropertyResult = Passed | Failed | Skipped;

const randomSeed = (): number => Math.floor(Math.random() * 0x7fffffff);

async function whyNot(property: PropertyDefinition, context: SuiteContext): Promise<string | null> {
  const survey = needsSurvey(property.needs) ? await context.survey() : undefined;
  return unmetNeeds(property.needs, context.target, survey);
}

/**
 * A request the target left without an answer after answering others (lib/adapters/node-http.ts)
 * is the run's finding (every-request-answered), the run's requests and that one its transcript:
 * shrunk, reported and reproduced like any other. Anything else is thrown as it is.
 */
function asFinding(thrown: unknown, context: SuiteContext): unknown {
  if (!(thrown instanceof NoAnswer)) return thrown;
  const unanswered = { call: thrown.call, status: 0, nextPageToken: null };
  return new ContractViolation([noAnswerFailure(thrown)], [...context.client.transcript(), unanswered]);
}

type Ready = Exclude<Awaited<ReturnType<PropertyDefinition['prepare']>>, { skip: string }>;

/** fast-check's run of a prepared property, and what its runs reached up to the first failure. */
async function checkPrepared(ready: Ready, context: SuiteContext, options: RunOptions, runs: number) {
  const runsStarted = Date.now();
  let firstFailureAt: number | null = null;
  const reached = new Map<string, number>();
  // Runs up to the first failure count; shrinking reruns smaller inputs, not new outcomes.
  const tally = (input: unknown) => {
    if (firstFailureAt === null)
      for (const key of ready.coverage?.reached(input) ?? []) reached.set(key, (reached.get(key) ?? 0) + 1);
  };
  const predicate = fc.asyncProperty(ready.arbitrary, async (input) => {
    context.client.begin();
    try {
      await ready.run(input);
      tally(input);
    } catch (thrown) {
      const error = asFinding(thrown, context);
      if (error instanceof ContractViolation) {
        tally(input);
        firstFailureAt ??= Date.now();
      }
      throw error;
    }
  });
  const seed = options.seed ?? randomSeed();
  const examples = ready.coverage?.examples ?? [];
  context.takeAdvisories();
  context.takeInconclusive();
  const details = await fc.check(predicate, {
    seed,
    path: options.path,
    // The coverage phase's inputs run first, then the random runs.
    examples: examples.map((input) => [input]),
    numRuns: examples.length + (options.runs ?? runs),
    plugins: [
      fc.interruptAfterTimeLimit(
        options.timeBudgetMs ?? propertyTimeMs(context.budget, DEFAULT_TIME_BUDGET_MS),
      ),
    ],
    endOnFailure: options.shrink === false,
  });
  const end = details.failed ? 'failed' : details.interrupted ? 'interrupted' : 'complete';
  const coverage =
    ready.coverage === undefined ? {} : { coverage: coverageReport(ready.coverage, reached, end) };
  return { details, seed, coverage, timeToDetectMs: (firstFailureAt ?? Date.now()) - runsStarted };
}

/** The shrunk counterexample as a failed result, the target's keys redacted. */
function failedResult(
  checked: Awaited<ReturnType<typeof checkPrepared>> & { details: fc.RunDetailsFailureProperty<unknown> },
  violation: ContractViolation,
  context: SuiteContext,
  rest: Pick<Failed, 'name' | 'family' | 'advisories' | 'durationMs' | 'note'>,
): Failed {
  const { details } = checked;
  const redact = targetRedactor(context.target);
  return redactDeep<Failed>(
    {
      name: rest.name,
      family: rest.family,
      status: 'failed',
      seed: checked.seed,
      path: details.counterexamplePath,
      runs: details.numRuns,
      shrinks: details.numShrinks,
      timeToDetectMs: checked.timeToDetectMs,
      input: fc.stringify((details.counterexample as unknown[])[0]),
      failures: violation.failures.filter(isError),
      requests: reproSteps(violation.transcript, violation.failures),
      advisories: rest.advisories,
      durationMs: rest.durationMs,
      ...checked.coverage,
      ...(rest.note === undefined ? {} : { note: rest.note }),
    },
    redact,
  );
}

/**
 * The every-request-answered finding of a request that got no answer (lib/adapters/node-http.ts)
 * outside any run fast-check judged: one its survey or preparation sent (no run was made), or one
 * of a run the time budget cut short (fast-check stopped waiting for it). Nothing was shrunk; its
 * reproduction is that one request. Its keys redacted, as every failed result's.
 */
function unansweredOutsideRuns(
  error: NoAnswer,
  base: Pick<Failed, 'name' | 'family'>,
  options: RunOptions,
  durationMs: number,
  input = 'its survey or preparation, before any run',
): Failed {
  return {
    ...base,
    status: 'failed',
    // Any seed and path replay it: the request is sent again before the first run.
    seed: options.seed ?? 0,
    path: '0',
    runs: 0,
    shrinks: 0,
    timeToDetectMs: durationMs,
    input,
    failures: [noAnswerFailure(error)],
    requests: [{ call: error.call, status: 0, showsBug: true }],
    advisories: [],
    durationMs,
  };
}

/** Why no run of a property completed: the last reason one gave, else what ended the runs. */
function noRunCompleted(details: { interrupted: boolean }, context: SuiteContext): string {
  const why = context.takeInconclusive();
  const ended = details.interrupted ? 'no run completed within the time budget' : undefined;
  if (why === undefined)
    return `inconclusive: ${ended ?? 'every run was throttled, over its budget or without usable data'}`;
  return `inconclusive: ${ended === undefined ? why : `${ended}; the last run: ${why}`}`;
}

export async function runProperty(
  property: PropertyDefinition,
  context: SuiteContext,
  options: RunOptions = {},
): Promise<PropertyResult> {
  const started = Date.now();
  const base = { name: property.name, family: property.family };
  const skipped = (reason: string): Skipped => ({
    ...base,
    status: 'skipped',
    reason,
    durationMs: Date.now() - started,
  });
  context.takeTooLong();
  await context.takeUnanswered();
  // The lists its walks could not read whole, named in whatever it ends with.
  const noted = () => {
    const note = tooLongNote(context.takeTooLong(), context.budget);
    return note === '' ? {} : { note };
  };
  let ready: Awaited<ReturnType<PropertyDefinition['prepare']>>;
  try {
    const unmet = await whyNot(property, context);
    if (unmet !== null) return skipped(unmet);
    ready = await property.prepare(context);
  } catch (thrown) {
    // A survey or setup request left without an answer: the property's finding, before any run.
    if (!(thrown instanceof NoAnswer)) throw thrown;
    return unansweredOutsideRuns(thrown, base, options, Date.now() - started);
  }
  if (isSkip(ready)) return { ...skipped(ready.skip), ...noted() };
  const checked = await checkPrepared(ready, context, options, property.runs);
  const { details, seed, coverage } = checked;
  // A request of a run cut short that then got no answer is a finding, not a pass or a skip.
  const [unanswered] = await context.takeUnanswered();
  if (unanswered !== undefined && (!details.failed || details.counterexample === null))
    return redactDeep<Failed>(
      {
        ...unansweredOutsideRuns(
          unanswered,
          base,
          options,
          Date.now() - started,
          'a run the time budget cut short',
        ),
        seed,
        runs: details.numRuns,
        ...noted(),
      },
      targetRedactor(context.target),
    );
  // A target that sent no challenge on its 401s is said once, by the property that met the first.
  const advisories = [...context.takeAdvisories(), ...answerAdvisories(context.target)];
  const note = noted();
  const durationMs = Date.now() - started;
  if (!details.failed)
    return {
      ...base,
      status: 'passed',
      seed,
      runs: details.numRuns,
      inconclusiveRuns: details.numSkips,
      advisories,
      durationMs,
      ...coverage,
      ...note,
    };
  if (details.counterexample === null) return { ...skipped(noRunCompleted(details, context)), ...note };
  const violation = details.errorInstance;
  // Anything but a contract violation is the harness's problem (an unreachable host, a bug): raise it.
  if (!(violation instanceof ContractViolation)) throw violation;
  return failedResult({ ...checked, details }, violation, context, {
    ...base,
    advisories,
    durationMs,
    ...note,
  });
}

/** The properties that ran, and what stopped the rest after at least one had run. */
export interface PropertiesRun {
  results: PropertyResult[];
  /** An error that is not a finding (a harness bug; a target that stopped answering is one: NoAnswer). */
  interrupted?: Error;
}

/**
 * Runs properties one after another (sequential requests keep a shared target's load low). An
 * error after the first result ends the run with the results so far kept: what they found is
 * never lost. An error before any result is thrown.
 */
export async function runPropertiesKept(
  properties: readonly PropertyDefinition[],
  context: SuiteContext,
  options: RunOptions = {},
  onResult: (result: PropertyResult) => void = () => {},
): Promise<PropertiesRun> {
  const results: PropertyResult[] = [];
  for (const property of properties) {
    let result: PropertyResult;
    try {
      result = await runProperty(property, context, options);
    } catch (error) {
      if (results.length === 0) throw error;
      return { results, interrupted: error instanceof Error ? error : new Error(String(error)) };
    }
    onResult(result);
    results.push(result);
  }
  return { results };
}

/** The same, for callers that have no use for part of a run: any error is thrown. */
export async function runProperties(
  properties: readonly PropertyDefinition[],
  context: SuiteContext,
  options: RunOptions = {},
  onResult: (result: PropertyResult) => void = () => {},
): Promise<PropertyResult[]> {
  const run = await runPropertiesKept(properties, context, options, onResult);
  if (run.interrupted !== undefined) throw run.interrupted;
  return run.results;
}

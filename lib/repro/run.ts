/**
 * A repro run as a function: reads the customer's walk, opens the target (or starts a sandbox,
 * with faults and churn), replays and varies the walk (optionally under concurrent load) until the
 * bug shows, shrinks it, writes the curl and Artillery reproductions and reports/<run-id>/.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createNodeClient, type NodeClient } from '../adapters/node-http.ts';
import { HarnessError } from '../errors.ts';
import { NoAnswer } from '../http/no-answer.ts';
import type { Failure } from '../failure.ts';
import { buildSummary } from '../report/build.ts';
import type { OnOpened } from '../cli/cli.ts';
import type { Summary } from '../report/model.ts';
import { chooseCredential, type CredentialChoice } from './credential.ts';
import { observedFailures } from './har-observed.ts';
import { type OpenedTarget } from '../adapters/open-target.ts';
import { withRun, type RunFolder, type RunPaths } from '../report/with-run.ts';
import { hunt, shrinkFound, type HuntResult, type Shrunk } from './hunt.ts';
import { reproInput, type ReproInput } from './input.ts';
import { foreignOwners, startBackgroundLoad } from './under-load.ts';
import type { ReproOptions } from './options.ts';
import { reproArtillery, writeReproScripts } from './scripts.ts';
import { reproReport, verdictLine, type ReproOutcome } from './summary.ts';
import { runVersions } from '../report/versions.ts';
import { unansweredReplay, type Replay, type ReplayTarget } from './walk.ts';
import { walkRoles } from '../load/walk-plan.ts';
import type { ReproStep } from './step-walks.ts';
import { withNeighbourFirst } from './neighbour.ts';
import type { Target } from '../target/target.ts';
import type { Redactor } from '../redact.ts';
import { shellArgument, sourceFlags, type RunSource } from '../replay-command.ts';
import { runFacts, startTarget } from '../run/start.ts';

export interface ReproResult {
  verdict: 'reproduced' | 'not-reproduced';
  line: string;
  /** What the HAR itself shows (null: no HAR, or a HAR without response bodies). */
  observed: Failure[] | null;
  /** Whose key replayed the walk, in words. */
  credential: string;
  outcome: ReproOutcome;
  summary: Summary;
  paths: RunPaths;
}

/** The shrunk replay's requests; a leak's owner asks the same first page first (neighbour.ts). */
function reproSteps(target: Target, walk: ReplayTarget, replay: Replay): ReproStep[] {
  const owner = target.tenants.find((tenant) => tenant.name === replay.leakedFrom);
  const role = owner ? walkRoles(owner, walk.endpoint)[0] : undefined;
  if (!owner || role === undefined) return replay.steps;
  return withNeighbourFirst(replay.steps, { tenant: owner.name, role, scheme: 'bearer' });
}

/** What the hunt ran against: the target file, or the sandbox's faults and churn. */
const runSource = (options: ReproOptions): RunSource => ({
  ...(options.target === undefined ? {} : { targetFile: options.target }),
  faults: options.faults,
  ...(options.churn === undefined ? {} : { churn: options.churn }),
});

/** The harness command that repeats this hunt against what it ran against (the target or the faults). */
function replayCommand(options: ReproOptions): string {
  const input = options.har
    ? ['--har', shellArgument(options.har)]
    : [
        '--endpoint',
        options.endpoint ?? '',
        ...(options.params === '' ? [] : ['--params', shellArgument(options.params)]),
      ];
  const source = sourceFlags(runSource(options));
  const extras = [
    ...(options.tenant ? ['--tenant', shellArgument(options.tenant)] : []),
    ...(options.underLoad ? ['--under-load'] : []),
  ];
  return ['npm run repro --', ...input, ...source, ...extras, '--seed', String(options.seed)].join(' ');
}

async function huntAndShrink(
  client: NodeClient,
  run: OpenedTarget,
  walk: ReplayTarget,
  input: ReproInput,
  options: ReproOptions,
) {
  const flaky = options.underLoad || options.churn !== undefined;
  const huntStart = Date.now();
  const deadlineMs = huntStart + options.timeBudgetS * 1000;
  let foreignOwner: ReplayTarget['foreignOwner'];
  try {
    foreignOwner = options.underLoad
      ? await foreignOwners(client, run.target, walk.endpoint, walk.credential.tenant, deadlineMs)
      : undefined;
  } catch (error) {
    // The other tenants' walks, before any replay, left without an answer: the hunt's finding.
    if (!(error instanceof NoAnswer)) throw error;
    const found = unansweredReplay(error, { limit: input.walk.limit ?? 50, pages: 1, keep: [] });
    const hunted: HuntResult = { found, tries: 0, inconclusive: 0 };
    return { hunted, huntMs: Date.now() - huntStart, shrunk: undefined as Shrunk | undefined, shrinkMs: 0 };
  }
  const load = options.underLoad
    ? startBackgroundLoad(
        run.target,
        options.walkers,
        deadlineMs + options.shrinkBudgetS * 1000,
        walk.credential.tenant,
      )
    : undefined;
  const target: ReplayTarget = {
    ...walk,
    foreignOwner,
    announce: load ? (endpoint, query) => load.follow(endpoint, query) : undefined,
  };
  try {
    const hunted: HuntResult = await hunt(client, target, {
      ...options,
      customerLimit: input.walk.limit,
      deadlineMs,
    });
    const huntMs = Date.now() - huntStart;
    let shrunk: Shrunk | undefined;
    let shrinkError: string | undefined;
    // What the hunt found is never lost: a shrink that cannot finish leaves the unshrunk finding.
    if (hunted.found)
      shrunk = await shrinkFound(client, target, hunted.found, {
        seed: options.seed,
        timeLimitMs: options.shrinkBudgetS * 1000,
        attempts: flaky ? 3 : 1,
      }).catch((error: unknown) => {
        // A shrink step the target left without an answer (NoAnswer) keeps the unshrunk finding too.
        if (!(error instanceof HarnessError) && !(error instanceof NoAnswer)) throw error;
        shrinkError = error.message;
        return undefined;
      });
    return {
      hunted,
      huntMs,
      shrunk,
      shrinkMs: Date.now() - huntStart - huntMs,
      ...(shrinkError === undefined ? {} : { shrinkError }),
    };
  } finally {
    await load?.stop();
  }
}

type Measured = Awaited<ReturnType<typeof huntAndShrink>>;

/** What a hunt ran with and found, for its run folder. */
interface Hunted {
  options: ReproOptions;
  input: ReproInput;
  run: OpenedTarget;
  walk: ReplayTarget;
  /** Whose key replayed the walk, in words. */
  credential: string;
  observed: Failure[] | null;
  measured: Measured;
  redact: Redactor;
  /** The Artillery the reproduction is written for (it runs there, not here). */
  artillery: ReturnType<typeof reproArtillery>;
}

/** The curl and Artillery reproductions of the shrunk failure, when there is one. */
async function writeReproductions(hunted: Hunted, runDir: string, replay: string): Promise<string[]> {
  const { measured, input, run, walk } = hunted;
  const failure = measured.shrunk?.replay.failures[0];
  if (!measured.shrunk || !failure) return [];
  return writeReproScripts({
    runDir,
    check: failure.check,
    title: `Reproduction of ${failure.check} on ${input.walk.endpoint}, found by npm run repro (${input.source})`,
    replay,
    target: run.target,
    source: runSource(hunted.options),
    steps: reproSteps(run.target, walk, measured.shrunk.replay),
    failures: measured.shrunk.replay.failures,
    redact: hunted.redact,
    artillery: hunted.artillery,
  });
}

/** Writes the hunt's reproductions and repro.json into the run folder; returns the run's result and summary. */
async function writeHunt(hunted: Hunted, folder: RunFolder) {
  const { measured, input, options } = hunted;
  const replay = replayCommand(options);
  const outcome: ReproOutcome = {
    filters: input.walk.filters,
    triesAllowed: options.times,
    reproduction: await writeReproductions(hunted, folder.runDir, replay),
    ...measured,
  };
  const line = verdictLine(outcome);
  // The walk's shape only: the HAR's response bodies are the customer's data, not the report's.
  const pages = input.walk.pages.map(({ query, status, cursorFrom }) => ({ query, status, cursorFrom }));
  const customerWalk = { ...input.walk, pages, key: undefined };
  const story = {
    verdict: line,
    credential: hunted.credential,
    customerWalk,
    observed: hunted.observed,
    outcome,
  };
  await writeFile(
    path.join(folder.runDir, 'repro.json'),
    hunted.redact(`${JSON.stringify(story, null, 2)}\n`),
  );
  const summary = buildSummary(runFacts('repro', folder, hunted.run, runVersions(hunted.artillery.version)), [
    {
      ...reproReport(outcome, replay),
      artifacts: [{ name: 'the hunt as data (repro.json)', path: 'repro.json' }],
    },
  ]);
  const verdict: ReproResult['verdict'] = measured.hunted.found ? 'reproduced' : 'not-reproduced';
  return { verdict, line, observed: hunted.observed, credential: hunted.credential, outcome, summary };
}

/** The key that replays the walk, or one line saying why none can. */
function credentialFor(
  run: OpenedTarget,
  input: ReproInput,
  options: ReproOptions,
): Extract<CredentialChoice, { ok: true }> {
  const choice = chooseCredential(run.target, input.walk.endpoint, input.walk.key, options.tenant);
  if (!choice.ok) throw new HarnessError(choice.problem);
  return choice;
}

export async function runRepro(options: ReproOptions, onOpened: OnOpened = () => {}): Promise<ReproResult> {
  const startedAt = new Date();
  const input = await reproInput(options);
  const { opened: run, redact } = await startTarget(
    {
      file: options.target,
      faults: options.faults,
      sandbox: options.churn ? { churn: options.churn } : {},
      env: options.env,
      // Sequential replays are no load: a target that does not allow load may still be replayed.
      forLoad: options.underLoad,
    },
    onOpened,
    input.secrets,
  );
  const client = createNodeClient(run.target);
  try {
    const choice = credentialFor(run, input, options);
    const walk: ReplayTarget = {
      endpoint: input.walk.endpoint,
      filters: input.walk.filters,
      credential: choice.credential,
    };
    const observed = input.walk.pages.length > 0 ? observedFailures(input.walk, choice.credential) : null;
    const measured = await huntAndShrink(client, run, walk, input, options);
    const hunted: Hunted = {
      options,
      input,
      run,
      walk,
      credential: choice.how,
      observed,
      measured,
      redact,
      artillery: reproArtillery(),
    };
    // An error while writing the reproductions or reports leaves no half-written run directory.
    return await withRun(
      { command: 'repro', reportsDir: options.reportsDir, started: startedAt },
      async (folder) => ({
        ...(await writeHunt(hunted, folder)),
        redact,
      }),
    );
  } finally {
    await client.close();
    await run.close();
  }
}

/**
 * A load before it runs: its options checked, its target opened, its settings, and its setup run
 * in this process. What setup finds is a finding of the load (setup traffic is checked traffic);
 * why it could not finish, for a reason on the user's side, is its `setupError`, never thrown.
 */
import { createNodeClient } from '../../adapters/node-http.ts';
import { parseDurationS } from '../../duration.ts';
import { HarnessError } from '../../errors.ts';
import { isError } from '../../failure.ts';
import { NoAnswer } from '../../http/no-answer.ts';
import { noAnswerFailure } from '../../paging/run-checks.ts';
import type { Phase } from '../phases.ts';
import { PROFILES } from '../profiles.ts';
import type { LoadScenario, LoadSettings, SetupData } from '../scenario.ts';
import { overridesFromFlags, thresholdsFor, type Thresholds } from '../thresholds.ts';
import { scenarioNamed } from '../registry.ts';
import { checkOptions, type LoadOptions } from './options.ts';
import type { OpenedTarget } from '../../adapters/open-target.ts';
import { startTarget, type StartedTarget } from '../../run/start.ts';
import type { Redactor } from '../../redact.ts';
import { SANDBOX_FLOOD_RATE, sandboxOptionsFor } from './sandbox.ts';

/** A request that got no answer in this long is a data point (status 0). */
export const REQUEST_TIMEOUT_MS = 10_000;

function settingsOf(
  options: LoadOptions,
  profile: LoadSettings['profile'],
  sandbox: boolean,
  maxRps: number,
): LoadSettings {
  const durationS = options.duration ? (parseDurationS(options.duration) ?? 0) : PROFILES[profile].durationS;
  const rate = options.rate ?? PROFILES[profile].rate;
  // The flood ramps up to all the target allows, so it reaches the noisy tenant's limit.
  const floodRate = options.floodRate ?? (sandbox ? SANDBOX_FLOOD_RATE : Math.max(1, maxRps - rate));
  return {
    profile,
    rate,
    durationS,
    floodRate,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    ...(options.refused === false ? { refused: false } : {}),
  };
}

/** One load of a run (a stage of its Artillery run): its opened target, settings, setup and schedule. */
export interface PreparedLoad {
  name: string;
  scenario: LoadScenario;
  profile: LoadSettings['profile'];
  thresholds: Thresholds;
  run: OpenedTarget;
  /** Hides the target's keys in everything the load writes (startTarget's, built once). */
  redact: Redactor;
  settings: LoadSettings;
  setup: SetupData;
  /** Setup could not finish, for a reason on the user's side (a key refused, throttled throughout). */
  setupError?: string;
  phases: Phase[];
  dir: string;
}

/** Why a prepared load's phase is not run: its setup found a bug, or could not finish. */
export function notRunReason(load: PreparedLoad): string | undefined {
  const found = (load.setup.failures ?? []).filter(isError).length;
  if (found > 0) return `load phase not run: its setup traffic broke ${found} check(s)`;
  if (load.setupError !== undefined) return `load phase not run: setup could not finish: ${load.setupError}`;
  return undefined;
}

/**
 * Runs the scenario's setup; a reason on the user's side comes back as `setupError`, not thrown,
 * and a request the reached target left without an answer as the setup's finding
 * (every-request-answered, with that request), as any check its traffic broke.
 */
export async function runSetup(
  scenario: LoadScenario,
  run: OpenedTarget,
  settings: LoadSettings,
): Promise<Pick<PreparedLoad, 'setup' | 'setupError'>> {
  const client = createNodeClient(run.target, { timeoutMs: settings.requestTimeoutMs });
  try {
    return { setup: await scenario.setup({ target: run.target, settings, sender: client }) };
  } catch (error) {
    if (error instanceof NoAnswer)
      return { setup: { floorMs: 0, startedAt: Date.now(), failures: [noAnswerFailure(error)] } };
    if (!(error instanceof HarnessError)) throw error;
    return { setup: { floorMs: 0, startedAt: Date.now() }, setupError: error.message };
  } finally {
    await client.close();
  }
}

/**
 * Checks the options, opens the load's target (`started`: the command's, opened once by the caller,
 * who closes it; else options.target, or a sandbox shaped for the scenario) and runs its setup:
 * what setup finds is in `setup.failures`, why it could not finish in `setupError`; a target that
 * cannot be opened throws.
 */
export async function prepareLoad(
  name: string,
  options: LoadOptions,
  dir: string,
  started?: StartedTarget,
): Promise<PreparedLoad> {
  const { scenario: scenarioName, profile } = checkOptions(options);
  const scenario = scenarioNamed(scenarioName);
  const thresholds = thresholdsFor(scenarioName, profile, overridesFromFlags(options.thresholds ?? []));
  const { opened: run, redact } = started
    ? { opened: { ...started.opened, close: async () => {} }, redact: started.redact }
    : await startTarget(
        {
          file: options.target,
          faults: options.faults,
          sandbox: sandboxOptionsFor(scenarioName, options.sandbox),
          env: options.env,
          forLoad: true,
        },
        options.onOpened,
      );
  try {
    const settings = settingsOf(options, profile, run.sandbox, run.target.load.maxRps);
    return {
      name,
      scenario,
      profile,
      thresholds,
      run,
      redact,
      settings,
      ...(await runSetup(scenario, run, settings)),
      phases: scenario.phases(settings),
      dir,
    };
  } catch (error) {
    await run.close();
    throw error;
  }
}

/**
 * What a load scenario is (scenarios/*.ts, handed in through lib/load/registry.ts): its arrival phases, a setup that runs once in the
 * harness's own process before any load (it fails fast, in one line, when the target is
 * unreachable or refuses a key), and what one arrival does. A scenario knows nothing of the engine
 * that schedules its arrivals: it is given a Vu (lib/load/vu.ts) that walks and sends.
 */
import type { BackoffPolicy } from '../backoff.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Sender, Walk } from '../paging/walk-list.ts';
import type { Target } from '../target/target.ts';
import type { Phase } from './phases.ts';
import type { RefusedRequest } from './refused-plan.ts';
import type { MergedSummary } from './points/merge.ts';
import type { ProfileName } from './profiles.ts';
import type { ScenarioName } from './thresholds.ts';

/** What the scenario reads of the run's configuration. */
export interface LoadSettings {
  profile: ProfileName;
  /** Base arrival rate: walks per second (capacity: requests per second). */
  rate: number;
  durationS: number;
  /** fairness: requests per second the noisy tenant sends. */
  floodRate: number;
  /** @default 10000 */
  requestTimeoutMs: number;
  /** Refused requests go out beside the walks (scenarios that send them). @default true */
  refused?: boolean;
}

/** What setup hands every arrival. */
export interface SetupData {
  /** Latency floor (p10) of first pages before the load, ms. */
  floorMs: number;
  /** Epoch ms when setup ended: the start of the measured run. */
  startedAt: number;
  /** isolation: each tenant's record ids. */
  owners?: Record<string, string[]>;
  /**
   * isolation: distinct ids of each unfiltered list of each quiescent tenant, as the setup's
   * complete walk of it returned them: what every walk of that list that ends must return
   * (walk-complete-under-load).
   */
  listed?: Record<string, Partial<Record<Endpoint, number>>>;
  /** Bugs setup already proved (two tenants sharing an id): they fail the run like any check. */
  failures?: Failure[];
}

/** Where in the schedule an arrival falls. */
export interface Arrival {
  /** The phase's name (Phase.name). */
  phase: string;
  /** 0-based index of the arrival in its stage's plan, across every generator process and worker. */
  index: number;
  /** The share of the stage's arrivals this worker runs (0..1). */
  share: number;
}

export interface WalkOptions {
  /** `quiet`, `noisy`, `walk`…: tags every point of the walk. @default 'walk' */
  traffic?: string;
  /** Owner of an id known to belong to another tenant (isolation). */
  foreignOwner?: (id: string) => string | undefined;
  /** @default DEFAULT_BACKOFF */
  backoff?: BackoffPolicy;
}

/** What an arrival may do: every request goes through it, so every one is measured and checked. */
export interface Vu {
  target: Target;
  settings: LoadSettings;
  setup: SetupData;
  /** Walks the list `first` starts, to its end, every page checked and measured. */
  walk(first: ApiCall, options?: WalkOptions): Promise<Walk>;
  /** One request, measured (a capacity step's next page: the scenario folds it into its walk). */
  send(call: ApiCall, traffic: string, depth?: number): Promise<ApiResponse>;
  /**
   * One first page asked alone and never backed off (the flood of fairness), measured, its answer
   * judged as a burst's (lib/paging/walk-list.ts answerFailures): a page by every page check, a
   * 429 by the Error shape; any other status fails walk-pages-succeed.
   */
  ask(call: ApiCall, traffic: string): Promise<ApiResponse>;
  /**
   * One request the contract refuses (lib/load/refused-plan.ts), judged by its check and the Error
   * shape; a 429 is not judged (the spec does not order 429 against 401/403/404), only counted.
   */
  refuse(request: RefusedRequest): Promise<ApiResponse>;
  /** The same, as a Sender for the one walk loop (capacity folds the pages itself). */
  sender(traffic: string): Sender;
  /** Records the page checks' failures of a page the scenario folded itself. */
  recordFailures(failures: readonly Failure[], call: ApiCall, traffic: string): void;
  /** True once a definitive check failed: the run's verdict is known, start no more walks. */
  stopped(): boolean;
}

export interface SetupContext {
  target: Target;
  settings: LoadSettings;
  /** The one Node sender of the setup (undici), with the run's request timeout. */
  sender: Sender;
}

export interface LoadScenario {
  name: ScenarioName | 'capacity';
  /** The profile when none is chosen. */
  defaultProfile: ProfileName;
  phases(settings: LoadSettings): Phase[];
  /** Runs once, before any load, in the harness's process; throws one line when the target is unfit. */
  setup(context: SetupContext): Promise<SetupData>;
  arrival(vu: Vu, arrival: Arrival): Promise<void>;
  /** Its arrivals send refused requests beside their walks (vu.refuse), whose checks are judged. */
  refused?: boolean;
  /**
   * Whether the run proved what it set out to test (the noisy tenant was throttled; the stress
   * reached a limit): undefined when it did, else why not. A run whose premise never held is
   * inconclusive, never a pass.
   */
  premise?(metrics: MergedSummary['metrics'], settings: LoadSettings): string | undefined;
  /**
   * Its setup walks every quiescent tenant's lists whole (SetupData.listed): the walks of those
   * lists that end are judged by walk-complete-under-load.
   */
  walksCompared?: boolean;
  /**
   * What the load provokes on purpose, as its premise asks (`throttling`): the report names it on
   * the time axis, so 90 % of 429s in that stretch does not read as a fault.
   */
  expects?: string;
}

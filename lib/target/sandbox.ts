/**
 * The sandbox as lib/ sees it. The sandbox lives above lib/ (sandbox/ builds on lib/), so lib/
 * never imports it: each entry point that may start one hands it in once with `provideSandbox`
 * (scripts/*.ts, the tests' setup file), and lib/ reaches it through `providedSandbox()`.
 */
import { HarnessError } from '../errors.ts';
import type { TargetFile } from './schema.ts';
import type { SandboxOptions } from './sandbox-options.ts';

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:41234/api/v1 */
  baseUrl: string;
  /** The target file describing this instance (it holds live keys: never print it). */
  target: TargetFile;
  /** Where the target file was written, when options.targetPath was given. */
  targetPath?: string;
  /** Stops churn, then the server, then frees the store. */
  close(): Promise<void>;
}

/** A catalogue fault, as much of it as the harness reads (sandbox/faults/catalogue.ts). */
export interface SandboxFault {
  name: string;
  description: string;
  /** Only shows under concurrent load (load scenarios), not in a sequential property suite. */
  needsLoad: boolean;
  /** Only shows while data changes during a walk (start the sandbox with churn). */
  needsChurn: boolean;
  /** Only shows in answers past the rate limit (429s): start the sandbox with `THROTTLED_LIMIT`. */
  needsThrottling: boolean;
}

/** A generated mutant (sandbox/mutants/), as much of it as the harness reads. */
export interface SandboxMutant {
  /** e.g. `m:status-field-lowercase@orders.cursor-page` */
  name: string;
  /** The checks that enforce its sentence. */
  checks: readonly string[];
  /** The spec allows it: the gate must pass it. */
  equivalent: boolean;
  /** Its site is an answer past the rate limit (a 429): start the sandbox with `THROTTLED_LIMIT`. */
  needsThrottling: boolean;
}

export interface Sandbox {
  /** Seeds a store, starts the API and describes it as a target. */
  start(options?: SandboxOptions): Promise<RunningSandbox>;
  /** The faults it can switch on. */
  faults: readonly SandboxFault[];
  /** The generated mutants it can switch on (`SandboxOptions.mutant`). */
  mutants: readonly SandboxMutant[];
}

let provided: Sandbox | undefined;

/** Hands the sandbox to lib/; the entry point calls it before anything that may start one. */
export function provideSandbox(sandbox: Sandbox): void {
  provided = sandbox;
}

/** The sandbox the entry point provided. */
export function providedSandbox(): Sandbox {
  if (provided === undefined)
    throw new HarnessError('no sandbox was provided: the entry point calls provideSandbox(SANDBOX) first');
  return provided;
}

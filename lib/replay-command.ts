/**
 * The harness command that replays a failure. It must run against what the run ran against: a
 * replay of a gate that caught a sandbox fault, run against a clean sandbox, passes and proves
 * nothing. So every replay names the run's target file, or its sandbox's faults and churn.
 */

/** What a run ran against. */
export interface RunSource {
  /** The target file given with --target; absent: a sandbox the run started. */
  targetFile?: string;
  /** Sandbox only: the faults switched on (`--fault`). */
  faults?: readonly string[];
  /** Sandbox only: data changes per second (`--churn`). */
  churn?: number;
  /** Props and gate: the --walk-pages the run was given (it decides which lists are walked whole). */
  walkPages?: number;
}

/** A word as bash reads it back: bare when it holds nothing special, else single-quoted. */
export const shellArgument = (text: string): string =>
  /^[A-Za-z0-9_./:=@%+,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

/** The flags that point a command at the run's target: `--target FILE`, or `--fault X --churn N`. */
export function sourceFlags(source: RunSource): string[] {
  if (source.targetFile !== undefined) return ['--target', shellArgument(source.targetFile)];
  const flags = (source.faults ?? []).flatMap((fault) => ['--fault', shellArgument(fault)]);
  if (source.churn !== undefined && source.churn > 0) flags.push('--churn', String(source.churn));
  return flags;
}

/** `npm run props -- <source> --property NAME --seed S --path P`: one property's counterexample. */
export function propsReplay(
  property: string,
  replay: { seed: number; path?: string },
  source: RunSource,
): string {
  const words = ['npm run props --', ...sourceFlags(source), '--property', shellArgument(property)];
  if (source.walkPages !== undefined) words.push('--walk-pages', String(source.walkPages));
  words.push('--seed', String(replay.seed));
  if (replay.path !== undefined) words.push('--path', replay.path);
  return words.join(' ');
}

/** `npm run <command> -- <source> <flags>`: a run of the harness against what the run ran against. */
export const commandReplay = (command: string, source: RunSource, flags: readonly string[]): string =>
  [`npm run ${command} --`, ...sourceFlags(source), ...flags.map(shellArgument)].join(' ');

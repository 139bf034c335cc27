/**
 * The options that shape a sandbox a command starts (--fault, --latency, --rate-limit, --serve, --churn):
 * declared once, read one way by every command that has them (gate, props, load, capacity, repro
 * and the sandbox itself), and refused in one line beside --target.
 */
import { HarnessError } from '../errors.ts';
import {
  LATENCY_SHAPE,
  latencySpec,
  RATE_LIMIT_SHAPE,
  rateLimitSpec,
  SERVE_SHAPE,
  serveSpec,
  type LatencyOptions,
  type RateLimitOptions,
  type SandboxOptions,
  type ServeOptions,
} from '../target/sandbox-options.ts';
import { integer, spec } from './kinds.ts';
import type { FlagValues, OptionTable } from './options.ts';
import { readerOf, type Env } from './read.ts';

/** The rows of the shape options; a command takes those it has, its help worded for it. */
export const SHAPE_OPTIONS = {
  fault: {
    value: 'NAME',
    multiple: true,
    help: 'sandbox only: switch a fault on (or one generated mutant\nm:OPERATOR@SITE); repeatable',
  },
  latency: { value: 'SPEC', kind: spec(latencySpec), help: `sandbox only: ${LATENCY_SHAPE}` },
  'rate-limit': { value: 'SPEC', kind: spec(rateLimitSpec), help: `sandbox only: ${RATE_LIMIT_SHAPE}` },
  serve: { value: 'SPEC', kind: spec(serveSpec), help: `sandbox only: a known capacity: ${SERVE_SHAPE}` },
  churn: {
    value: 'N',
    default: '0',
    kind: integer(0, 10_000),
    help: 'sandbox only: data changes per second',
  },
} as const satisfies OptionTable;

type ShapeFlag = keyof typeof SHAPE_OPTIONS;
const SHAPE_FLAGS = Object.keys(SHAPE_OPTIONS) as ShapeFlag[];

/** The sandbox's shape as given: only what a flag or twin set, over the command's own defaults. */
export interface Shape {
  faults: string[];
  sandbox: SandboxOptions;
  /** Whether any shape option was given. */
  given: boolean;
}

/** The shape options of `table` (those of SHAPE_OPTIONS it has), read one way. */
export function readShape(table: OptionTable, flags: FlagValues, env: Env): Shape {
  const reader = readerOf(table, flags, env);
  const has = SHAPE_FLAGS.filter((flag) => flag in table);
  const set = (flag: ShapeFlag) => has.includes(flag) && reader.given(flag);
  const value = <T>(flag: ShapeFlag) => reader.value(flag) as T;
  // `--fault a,b` names two faults, as its twin does.
  const faults = has.includes('fault') ? reader.list('fault').flatMap((names) => names.split(',')) : [];
  const sandbox: SandboxOptions = {
    ...(set('latency') ? { latency: value<Partial<LatencyOptions>>('latency') } : {}),
    ...(set('rate-limit') ? { rateLimit: value<Partial<RateLimitOptions>>('rate-limit') } : {}),
    ...(set('serve') ? { serve: value<Partial<ServeOptions>>('serve') } : {}),
    ...(set('churn') ? { churn: value<number>('churn') } : {}),
  };
  const faultList = faults.filter(Boolean);
  return { faults: faultList, sandbox, given: faultList.length > 0 || Object.keys(sandbox).length > 0 };
}

/** One line, naming the shape options `table` has, when a sandbox's shape goes with --target. */
export function refuseShapeWithTarget(target: string | undefined, table: OptionTable, given: boolean): void {
  if (target === undefined || !given) return;
  const names = SHAPE_FLAGS.filter((flag) => flag in table).map((flag) => `--${flag}`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : names[0];
  throw new HarnessError(`${listed ?? ''} shape the sandbox; they cannot go with --target`);
}

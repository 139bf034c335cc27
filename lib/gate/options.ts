/** The option table of the gate (`npm start`, `npm run gate`). */
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';
import { readShape, SHAPE_OPTIONS } from '../cli/sandbox-shape.ts';
import { PUBLISH_KINDS, resolvePublish } from '../load/publish.ts';
import { RUN_TABLE, runOptions } from '../props/options.ts';
import { MARGIN_TABLE, resolveMargins } from '../report/baseline-options.ts';
import { GATE_LOADS, selectLoads } from './plan.ts';
import type { GateOptions } from './run.ts';

export const GATE_OPTIONS = {
  target: { value: 'FILE', defaultIs: 'start the embedded sandbox', help: 'the target file' },
  fault: {
    ...SHAPE_OPTIONS.fault,
    help: 'start the sandbox with this catalogue fault (or one generated\nmutant m:OPERATOR@SITE), to see the gate catch it; repeatable; not with\n--target (npm run sandbox -- --list-faults)',
  },
  load: {
    value: 'NAME',
    multiple: true,
    env: false,
    defaultIs: 'all',
    help: `a load to run, repeatable, or none; each is npm run load's\n${GATE_LOADS.map((load) => `${load.name} = --scenario ${load.scenario} --profile ${load.profile}`).join('\n')}`,
  },
  runs: RUN_TABLE.runs,
  'time-budget': RUN_TABLE['time-budget'],
  'walk-pages': RUN_TABLE['walk-pages'],
  seed: RUN_TABLE.seed,
  baseline: {
    value: 'FILE',
    env: false,
    help: 'compare with an earlier summary.json; a regression fails the gate',
  },
  'reports-dir': REPORTS_DIR_OPTION,
  publish: {
    value: 'KIND',
    help: `send the loads' metrics on while they run: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see docs/load.md)`,
  },
  ...MARGIN_TABLE,
} as const satisfies OptionTable;

/** The gate's options from its flags and the environment; one line on the first bad value. */
export function gateOptions(flags: FlagValues, env: Env): GateOptions {
  const read = readerOf(GATE_OPTIONS, flags, env);
  const baseline = read.value('baseline');
  // Read whether or not there is a baseline: a bad margin is said at once.
  const margins = resolveMargins(flags, env);
  return {
    targetFile: read.value('target') ?? '',
    faults: readShape(GATE_OPTIONS, flags, env).faults,
    loads: selectLoads(read.list('load')),
    publish: resolvePublish(read.value('publish'), env),
    properties: runOptions(flags, env),
    reportsDir: read.value('reports-dir'),
    ...(baseline ? { baseline: { file: baseline, margins } } : {}),
  };
}

/** The option table of the gate (`npm start`, `npm run gate`). */
import type { OptionTable } from '../cli/options.ts';
import { PUBLISH_KINDS } from '../load/publish.ts';
import { RUN_TABLE } from '../props/options.ts';
import { MARGIN_TABLE } from '../report/baseline-options.ts';
import { GATE_LOADS } from './plan.ts';

export const GATE_OPTIONS = {
  target: { value: 'FILE', defaultIs: 'start the embedded sandbox', help: 'the target file' },
  fault: {
    value: 'NAME',
    multiple: true,
    help: 'start the sandbox with this catalogue fault, to see the gate catch it;\nrepeatable; not with --target (npm run sandbox -- --list-faults)',
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
  'reports-dir': { value: 'DIR', default: 'reports', help: 'where run folders go' },
  publish: {
    value: 'KIND',
    help: `send the loads' metrics on while they run: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see docs/load.md)`,
  },
  ...MARGIN_TABLE,
} as const satisfies OptionTable;

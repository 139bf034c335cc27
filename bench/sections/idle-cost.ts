/**
 * Section: what the load generator costs at the gate's own rates, beside the target it measures
 * (on a 2-core CI runner the two share the machine): CPU seconds per second of the Artillery
 * process between its 8th and 28th second (bench/idle-cost.ts), the harness's walk on the
 * sandbox at the walk and depth loads' 2 walks/s, isolation's 10 and soak's 20. The goal is set
 * at 20 walks/s, the median of RUNS_AT_GOAL runs. A busy machine lowers the figure of a timer
 * that spins (it gets less of a core to spin on), so the load average is noted beside each.
 */
import os from 'node:os';
import { IDLE_WINDOW_S, measureIdleCost, type IdleCost } from '../idle-cost.ts';
import { absoluteFigure, medianOf, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';

/** The gate's walk rates (lib/gate/plan.ts): walk and depth, isolation, soak. */
const GATE_RATES = [2, 10, 20] as const;
const GOAL_RATE = 20;
const GOAL_CPU_PER_S = 0.15;
const RUNS_AT_GOAL = 3;

interface Measured extends IdleCost {
  /** The 1-minute load average when the run ended. */
  load: number;
}

async function measure(context: BenchContext, rate: number): Promise<Measured> {
  context.signal.throwIfAborted();
  context.log(
    `idle: walk at ${rate} walks/s on the sandbox, Artillery's CPU from ${IDLE_WINDOW_S.from} to ${IDLE_WINDOW_S.to} s`,
  );
  const measured = await measureIdleCost(rate);
  return { ...measured, load: os.loadavg()[0] ?? 0 };
}

const unit = 'CPU s per s of the Artillery process';
const loads = (runs: readonly Measured[]) => runs.map((run) => run.load.toFixed(1)).join(', ');

function figures(byRate: ReadonlyMap<number, Measured[]>): Figure[] {
  return [...byRate].map(([rate, runs]) => {
    const values = runs.flatMap((run) => (run.cpuPerS === null ? [] : [run.cpuPerS]));
    const found = medianOf(values);
    const notes = runs.flatMap((run) => (run.note ? [run.note] : []));
    const note = [
      `verdicts ${runs.map((run) => run.verdict).join(', ')}`,
      `load average ${loads(runs)}`,
      ...notes,
    ].join('; ');
    const goal =
      rate === GOAL_RATE && found
        ? { goal: { text: `<= ${GOAL_CPU_PER_S}`, met: found.value <= GOAL_CPU_PER_S } }
        : {};
    return absoluteFigure(`CPU per second at ${rate} walks/s`, found?.value, unit, {
      note,
      ...goal,
      ...(found && found.spread.runs > 1 ? { spread: found.spread } : {}),
    });
  });
}

export const idleCost: BenchSection = {
  name: 'idle',
  title: "Generator idle cost: the Artillery process's CPU per second at the gate's rates (sandbox)",
  budgetMs: (quick) => (quick ? 240_000 : 720_000),
  async run(context): Promise<SectionOutcome> {
    if (process.platform !== 'linux') return { status: 'skipped', reason: 'reads /proc: Linux only' };
    const rates = context.quick ? [GOAL_RATE] : GATE_RATES;
    const byRate = new Map<number, Measured[]>();
    for (const rate of rates) {
      const runs = rate === GOAL_RATE && !context.quick ? RUNS_AT_GOAL : 1;
      for (let run = 0; run < runs; run += 1)
        byRate.set(rate, [...(byRate.get(rate) ?? []), await measure(context, rate)]);
    }
    return {
      status: 'ok',
      figures: figures(byRate),
      details: { window: IDLE_WINDOW_S, runs: Object.fromEntries(byRate) },
    };
  },
};

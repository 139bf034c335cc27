/**
 * The generator section's closed-loop figures (../closed-loop.ts): what one thread does with no
 * arrival schedule, with every check and with nothing but the parse, each over wrk's one thread.
 */
import type { ClosedLoopRun, ClosedLoops } from '../closed-loop.ts';
import { absoluteFigure, medianOf, ratioFigure, type Figure } from '../report.ts';

const LABEL = { parse: 'undici + JSON.parse only', harness: 'harness walk, every check' } as const;

function summary(runs: readonly ClosedLoopRun[]) {
  const rate = medianOf(runs.map((run) => run.requestsPerSec));
  const cpu = medianOf(runs.map((run) => run.cpuMicrosPerRequest));
  return { rate, cpu };
}

export function closedLoopFigures(
  loops: ClosedLoops | undefined,
  wrkRps: number | null,
  inFlight: number,
): Figure[] {
  if (!loops) return [];
  const parse = summary(loops.parse);
  const harness = summary(loops.harness);
  const how = `one thread of the Node that runs Artillery, ${inFlight} requests in flight, no arrival schedule; median of ${loops.parse.length} runs, the two modes in turn`;
  const rateFigure = (mode: keyof typeof LABEL, measured: ReturnType<typeof summary>) =>
    absoluteFigure(`closed loop: ${LABEL[mode]}`, measured.rate?.value, 'req/s', {
      ...(measured.rate ? { spread: measured.rate.spread } : {}),
      note: `${measured.cpu ? `${measured.cpu.value.toFixed(1)} µs of CPU per request (every thread); ` : ''}${how}`,
    });
  return [
    ratioFigure('closed loop: harness walk / wrk (1 thread)', harness.rate?.value, wrkRps, 'requests/s', {
      note: 'what the walk, its checks and its points leave of wrk with no arrival schedule',
    }),
    ratioFigure(
      'closed loop: undici + JSON.parse / wrk (1 thread)',
      parse.rate?.value,
      wrkRps,
      'requests/s',
      {
        note: 'the ceiling of any Node client that reads each page: no check, no metric, no walk',
      },
    ),
    rateFigure('harness', harness),
    rateFigure('parse', parse),
  ];
}

/**
 * The Artillery test script of one generator process: every stage in turn (a pause between two
 * stages lets the walks of the first finish before the next starts), each as one phase of slots
 * (./slots.ts: Artillery starts `slotsPerS` slots a second, the engine starts each
 * arrival of the stage's schedule, which config.harness carries, at its own due time), one
 * scenario on the harness's engine, and the engine's configuration. Artillery's own HTTP engine,
 * `ensure` and console report are not used: the engine writes raw points and the harness judges.
 */
import { stringify } from 'yaml';
import { phasesDurationS, type Phase } from '../phases.ts';
import { phaseName, type EngineConfig } from './engine-config.ts';
import type { PublishMetricsEntry } from './publish.ts';

type ArtilleryPhase =
  { name: string; duration: number; arrivalRate: number; rampTo: number } | { name: string; pause: number };

export interface ArtilleryScript {
  config: {
    /** Artillery requires one; the engine takes each stage's target from its own environment. */
    target: string;
    phases: ArtilleryPhase[];
    engines: { harness: Record<string, never> };
    harness: EngineConfig;
    /** `--publish`: Artillery's own publish-metrics plugin sends the run's metrics on. */
    plugins?: { 'publish-metrics': PublishMetricsEntry[] };
  };
  scenarios: { name: string; engine: 'harness' }[];
}

/** Seconds between two stages: their walks in flight finish before the next stage's start. */
export const STAGE_GAP_S = 2;

function artilleryPhases(
  stages: readonly { name: string; phases: readonly Phase[] }[],
  slotsPerS: number,
): ArtilleryPhase[] {
  return stages.flatMap(({ name, phases }, index) => [
    ...(index > 0 ? [{ name: phaseName(name, 'gap'), pause: STAGE_GAP_S }] : []),
    // A flat ramp, not a constant rate: Artillery times a ramp's arrivals with plain timers
    // (driftless), a constant rate's with nanotimer, which spins the last 25 ms of every interval.
    {
      name: phaseName(name, 'slots'),
      duration: phasesDurationS(phases),
      arrivalRate: slotsPerS,
      rampTo: slotsPerS,
    },
  ]);
}

export function artilleryScript(
  baseUrl: string,
  stages: readonly { name: string; phases: readonly Phase[] }[],
  engine: EngineConfig,
  publish?: PublishMetricsEntry,
): ArtilleryScript {
  return {
    config: {
      target: baseUrl,
      phases: artilleryPhases(stages, engine.slotsPerS),
      engines: { harness: {} },
      harness: { ...engine, ...(publish ? { publish: true } : {}) },
      ...(publish ? { plugins: { 'publish-metrics': [publish] } } : {}),
    },
    scenarios: [{ name: 'harness', engine: 'harness' }],
  };
}

export const scriptText = (script: ArtilleryScript): string => stringify(script, { lineWidth: 0 });

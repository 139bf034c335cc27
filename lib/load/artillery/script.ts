/**
 * The Artillery test script of one generator process: every stage's phases in turn (a pause
 * between two stages lets the walks of the first finish before the next starts), one scenario on
 * the harness's engine, and the engine's configuration. Artillery's own HTTP engine, `ensure` and
 * console report are not used: the engine writes raw points and the harness judges.
 */
import { stringify } from 'yaml';
import type { Phase } from '../phases.ts';
import { phaseName, type EngineConfig } from './engine-config.ts';
import type { PublishMetricsEntry } from './publish.ts';

type ArtilleryPhase =
  | {
      name: string;
      duration: number;
      arrivalRate: number;
      rampTo?: number;
      /** Arrivals beyond this many walks in flight are skipped (and counted): a ceiling on memory. */
      maxVusers?: number;
    }
  | { name: string; pause: number };

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
  maxInFlight?: number,
): ArtilleryPhase[] {
  return stages.flatMap(({ name, phases }, index) => [
    ...(index > 0 ? [{ name: phaseName(name, 'gap'), pause: STAGE_GAP_S }] : []),
    ...phases.map((phase) => ({
      name: phaseName(name, phase.name),
      duration: phase.durationS,
      arrivalRate: phase.rate,
      // Artillery's constant phase takes whole rates only (its split over worker threads asserts
      // it); its ramp shares a fraction's arrivals between periods and threads, so a fractional
      // constant rate is written as a flat ramp.
      ...(phase.rampTo === undefined && Number.isInteger(phase.rate)
        ? {}
        : { rampTo: phase.rampTo ?? phase.rate }),
      ...(maxInFlight === undefined ? {} : { maxVusers: maxInFlight }),
    })),
  ]);
}

export function artilleryScript(
  baseUrl: string,
  stages: readonly { name: string; phases: readonly Phase[] }[],
  engine: EngineConfig,
  maxInFlight?: number,
  publish?: PublishMetricsEntry,
): ArtilleryScript {
  return {
    config: {
      target: baseUrl,
      phases: artilleryPhases(stages, maxInFlight),
      engines: { harness: {} },
      harness: { ...engine, ...(publish ? { publish: true } : {}) },
      ...(publish ? { plugins: { 'publish-metrics': [publish] } } : {}),
    },
    scenarios: [{ name: 'harness', engine: 'harness' }],
  };
}

export const scriptText = (script: ArtilleryScript): string => stringify(script, { lineWidth: 0 });

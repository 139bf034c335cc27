/**
 * The Artillery test script of one generator process: the run's phases as Artillery phases, one
 * scenario on the harness's engine, and the engine's configuration. Artillery's own HTTP engine,
 * `ensure` and console report are not used: the engine writes raw points and the harness judges.
 */
import { stringify } from 'yaml';
import type { Phase } from '../phases.ts';
import type { EngineConfig } from './engine-config.ts';

interface ArtilleryPhase {
  name: string;
  duration: number;
  arrivalRate: number;
  rampTo?: number;
  /** Arrivals beyond this many walks in flight are skipped (and counted): a ceiling on memory. */
  maxVusers?: number;
}

export interface ArtilleryScript {
  config: {
    target: string;
    phases: ArtilleryPhase[];
    engines: { harness: Record<string, never> };
    harness: EngineConfig;
  };
  scenarios: { name: string; engine: 'harness' }[];
}

function artilleryPhases(phases: readonly Phase[], maxInFlight?: number): ArtilleryPhase[] {
  return phases.map((phase) => ({
    name: phase.name,
    duration: phase.durationS,
    arrivalRate: phase.rate,
    ...(phase.rampTo === undefined ? {} : { rampTo: phase.rampTo }),
    ...(maxInFlight === undefined ? {} : { maxVusers: maxInFlight }),
  }));
}

export function artilleryScript(
  baseUrl: string,
  phases: readonly Phase[],
  engine: EngineConfig,
  maxInFlight?: number,
): ArtilleryScript {
  return {
    config: {
      target: baseUrl,
      phases: artilleryPhases(phases, maxInFlight),
      engines: { harness: {} },
      harness: engine,
    },
    scenarios: [{ name: engine.scenario, engine: 'harness' }],
  };
}

export const scriptText = (script: ArtilleryScript): string => stringify(script, { lineWidth: 0 });

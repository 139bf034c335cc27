/**
 * The Artillery engine of a reproduction (`engines: { harness-repro: {} }`), bundled by
 * lib/load/artillery/build-engine.ts (buildReproEngine) into the reproduction's own directory. Artillery's one arrival runs the
 * plan of `config.reproduction` (replay-plan.ts: the one walk, the harness's page checks), prints
 * every page and failure, and writes the verdict's exit code (0, 1 or 2) to the file named by
 * HARNESS_REPRO_RESULT: Artillery's own exit code cannot carry it, so the runner script reads it.
 * Keys come from the environment only; the base URL from BASE_URL, else `config.target`.
 */
import { writeFileSync } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { createNodeClient } from '../adapters/node-http.ts';
import {
  PLAN_KEY,
  RESULT_ENV,
  planTarget,
  runReproPlan,
  type ReplayPlan,
  type Verdict,
} from './replay-plan.ts';

type ArtilleryEvents = Pick<EventEmitter, 'emit'>;
type VuCallback = (error: Error | null, context: unknown) => void;

function writeResult(verdict: Pick<Verdict, 'code' | 'line'>): void {
  const file = process.env[RESULT_ENV];
  if (file) writeFileSync(file, `${verdict.code} ${verdict.line}\n`);
}

async function reproduce(plan: ReplayPlan, baseUrl: string): Promise<Verdict> {
  const resolved = planTarget(plan, baseUrl, process.env);
  if (!resolved.ok) {
    const line = `cannot judge: set ${resolved.missing.join(', ')} (the API key each names)`;
    console.log(line);
    return { code: 2, line, failures: [] };
  }
  const client = createNodeClient(resolved.target);
  try {
    return await runReproPlan(client, plan, { log: (line) => console.log(line) });
  } finally {
    await client.close();
  }
}

class HarnessReproEngine {
  private readonly plan: ReplayPlan | undefined;
  private readonly baseUrl: string;

  /** Artillery makes one per worker and one per hook: nothing happens before the arrival. */
  constructor(script: { config: { target?: string } & Record<string, unknown> }) {
    this.plan = script.config[PLAN_KEY] as ReplayPlan | undefined;
    this.baseUrl = script.config.target ?? '';
  }

  createScenario(_spec: unknown, events: ArtilleryEvents): (context: unknown, callback: VuCallback) => void {
    return (context, callback) => {
      // An engine that never says `started` leaves Artillery waiting for the scenario forever.
      events.emit('started');
      const plan = this.plan;
      if (!plan?.walks) {
        const line = `cannot judge: the test script has no config.${PLAN_KEY}`;
        console.log(line);
        writeResult({ code: 2, line });
        callback(null, context);
        return;
      }
      reproduce(plan, this.baseUrl).then(
        (verdict) => {
          writeResult(verdict);
          events.emit('counter', `reproduction.exit_${verdict.code}`, 1);
          callback(null, context);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const line = `cannot judge: ${message}`;
          console.log(line);
          writeResult({ code: 2, line });
          callback(error instanceof Error ? error : new Error(message), context);
        },
      );
    };
  }
}

export default HarnessReproEngine;

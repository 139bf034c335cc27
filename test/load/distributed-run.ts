/** A `--platform` directory in tests: its target file made from a sandbox's, run here. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { targetEnv } from '../../lib/load/artillery/engine-config.ts';
import { instanceLane } from '../../lib/load/artillery/slots.ts';
import { runArtillery, type RunArtilleryResult } from '../../lib/process/artillery.ts';

/**
 * A sandbox's target file as `--platform` needs it: the sandbox writes its keys inline, a
 * distributed run's target file names an environment variable for each. Returns that file's JSON
 * and the variables with their values.
 */
export function keysFromEnv(target: object): { targetJson: string; env: Record<string, string> } {
  const file = structuredClone(target) as { tenants: { name: string; keys: Record<string, unknown> }[] };
  const env: Record<string, string> = {};
  for (const tenant of file.tenants)
    for (const [role, key] of Object.entries(tenant.keys)) {
      const name = `DIST_${tenant.name}_${role}`.replace(/\W/g, '_').toUpperCase();
      env[name] = (key as { value: string }).value;
      tenant.keys[role] = { env: name };
    }
  return { targetJson: JSON.stringify(file), env };
}

type Keys = { targetJson: string; env: Record<string, string> };

/** The directory's script run by the pinned Artillery, as a remote worker would run it. */
export const runLocally = (
  dir: string,
  keys: Keys,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<RunArtilleryResult> =>
  runArtillery({
    script: path.join(dir, 'artillery.yml'),
    enginePath: dir,
    cwd: dir,
    env: { ...keys.env, [targetEnv(0)]: keys.targetJson, ...env },
    timeoutMs: 60_000,
    args,
  });

/** Worker ids, as Artillery's runners give them, that fall on distinct lanes of `count` instances. */
function workerIds(count: number): string[] {
  const byLane = new Map<number, string>();
  for (let n = 0; byLane.size < count; n += 1) {
    const id = `worker-${n}`;
    if (!byLane.has(instanceLane(count, id))) byLane.set(instanceLane(count, id), id);
  }
  return [...byLane.values()];
}

interface Aggregate {
  counters: Record<string, number>;
  summaries: Record<string, Record<string, number>>;
  [field: string]: unknown;
}

/**
 * What Artillery's cloud runner does with its instances' metrics, as far as their reports allow:
 * counters summed; of each summary, the count summed, the min and max kept, and each percentile
 * the highest of the instances' (the merged percentile lies between theirs: a bound, where the
 * runner merges the sketches themselves).
 */
function mergeAggregates(aggregates: readonly Aggregate[]): Aggregate {
  const counters: Record<string, number> = {};
  const summaries: Record<string, Record<string, number>> = {};
  for (const aggregate of aggregates) {
    for (const [name, value] of Object.entries(aggregate.counters))
      counters[name] = (counters[name] ?? 0) + value;
    for (const [name, summary] of Object.entries(aggregate.summaries)) {
      const into = (summaries[name] ??= {});
      for (const [stat, value] of Object.entries(summary))
        into[stat] =
          stat === 'count'
            ? (into[stat] ?? 0) + value
            : stat === 'min'
              ? Math.min(into[stat] ?? Infinity, value)
              : Math.max(into[stat] ?? -Infinity, value);
    }
  }
  const times = (field: string, pick: (...values: number[]) => number) =>
    pick(
      ...aggregates.map((aggregate) => aggregate[field]).filter((t): t is number => typeof t === 'number'),
    );
  return {
    counters,
    summaries,
    firstCounterAt: times('firstCounterAt', Math.min),
    lastCounterAt: times('lastCounterAt', Math.max),
    firstMetricAt: times('firstMetricAt', Math.min),
    lastMetricAt: times('lastMetricAt', Math.max),
  };
}

/**
 * The directory run as `count` instances at once, as Artillery's runners run it (each the same
 * script, each with its own WORKER_ID), their reports merged into the directory's report.json.
 */
export async function runInstances(dir: string, keys: Keys, count: number): Promise<RunArtilleryResult[]> {
  const runs = await Promise.all(
    workerIds(count).map((id) =>
      runLocally(dir, keys, ['--output', `report-${id}.json`], { WORKER_ID: id }).then((run) => ({
        id,
        run,
      })),
    ),
  );
  const aggregates = runs.map(
    ({ id }) =>
      (JSON.parse(readFileSync(path.join(dir, `report-${id}.json`), 'utf8')) as { aggregate: Aggregate })
        .aggregate,
  );
  writeFileSync(path.join(dir, 'report.json'), JSON.stringify({ aggregate: mergeAggregates(aggregates) }));
  return runs.map(({ run }) => run);
}

/**
 * Where a process spends its CPU: the top self-time entries of a V8 CPU profile (`node
 * --cpu-prof` writes one `.cpuprofile` per thread). Self time is a function's own samples, not
 * its callees'; entries are grouped by function and place, so one function called from many
 * places is one row.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readJsonFileSync } from '../lib/adapters/node-json-file.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface SelfTime {
  /** `name (file:line)`, the file relative to its package or the project. */
  where: string;
  /** Share of all the profile's samples. */
  share: number;
  samples: number;
}

function place(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/(.*)$/.exec(file)?.[1];
  const short = inPackage ?? path.basename(file);
  return `${name} (${short}:${frame.lineNumber + 1})`;
}

/** The `count` entries with the most self time; `(idle)`, `(program)` and `(garbage collector)` included. */
export function topSelfTime(profile: CpuProfile, count: number): SelfTime[] {
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const key = place(node.callFrame);
    byPlace.set(key, (byPlace.get(key) ?? 0) + hits);
  }
  return [...byPlace]
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([where, samples]) => ({ where, samples, share: total === 0 ? 0 : samples / total }));
}

/** The profile of `dir` with the most samples (the thread that did the work), or undefined. */
export function busiestProfile(dir: string): CpuProfile | undefined {
  let best: { profile: CpuProfile; hits: number } | undefined;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = readJsonFileSync(path.join(dir, name)) as CpuProfile;
    const idle = new Set(['(idle)', '(program)']);
    const hits = profile.nodes
      .filter((node) => !idle.has(node.callFrame.functionName))
      .reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
    if (!best || hits > best.hits) best = { profile, hits };
  }
  return best?.profile;
}

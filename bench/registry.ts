/** Every bench section, in the order they run and print; `--only NAME` picks by name. */
import { HarnessError } from '../lib/errors.ts';
import type { BenchSection } from './section.ts';
import { accuracy } from './sections/accuracy.ts';
import { detection } from './sections/detection.ts';
import { floor } from './sections/floor.ts';
import { gateMatrix } from './sections/gate-matrix.ts';
import { gateTime } from './sections/gate-time.ts';
import { generator } from './sections/generator.ts';
import { idleCost } from './sections/idle-cost.ts';
import { merge } from './sections/merge.ts';
import { mutationScoreSection } from './sections/mutation-score.ts';
import { peer } from './sections/peer.ts';
import { points } from './sections/points.ts';
import { sandboxThroughput } from './sections/sandbox-throughput.ts';
import { scale } from './sections/scale.ts';
import { workers } from './sections/workers.ts';

export const SECTIONS: readonly BenchSection[] = [
  generator,
  idleCost,
  workers,
  sandboxThroughput,
  scale,
  accuracy,
  detection,
  merge,
  points,
  gateTime,
  gateMatrix,
  mutationScoreSection,
  peer,
  floor,
];

export function selectSections(only: readonly string[] | undefined): BenchSection[] {
  if (!only || only.length === 0) return [...SECTIONS];
  const names = SECTIONS.map((section) => section.name);
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new HarnessError(`--only ${unknown.join(', ')}: no such section; choose from ${names.join(', ')}`);
  return SECTIONS.filter((section) => only.includes(section.name));
}

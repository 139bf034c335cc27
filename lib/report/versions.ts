/**
 * The `versions` block of a summary.json written by the capacity and repro commands: the harness
 * (package.json), Node, and Artillery when it ran.
 */

import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import type { Summary } from './model.ts';
import { readJsonFileSync } from '../adapters/node-json-file.ts';

export function runVersions(artilleryVersion?: string): Summary['versions'] {
  const { version } = readJsonFileSync(path.join(PROJECT_ROOT, 'package.json')) as { version: string };
  return {
    harness: version,
    node: process.version,
    ...(artilleryVersion ? { artillery: artilleryVersion } : {}),
  };
}

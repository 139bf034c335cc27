/**
 * The `versions` block of a summary.json written by the capacity and repro commands: the harness
 * (package.json), Node, and Artillery when it ran.
 */
import { readFileSync } from 'node:fs';
import type { Summary } from './model.ts';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export function runVersions(artilleryVersion?: string): Summary['versions'] {
  const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
  return {
    harness: version,
    node: process.version,
    ...(artilleryVersion ? { artillery: artilleryVersion } : {}),
  };
}

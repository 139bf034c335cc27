/** Renders runner results: one line per property, a failure in full, and files under reports/. */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { redactDeep } from '../redact.ts';
import { targetRedactor, type Target } from '../target/target.ts';
import { callPath } from '../http/call.ts';
import { propsReplay, type RunSource } from '../replay-command.ts';
import { coverageLines } from './coverage.ts';
import { reproScript } from './repro.ts';
import type { Failed, PropertyResult, RunOptions } from './runner.ts';

/** One line per property; a note (the lists not walked whole) is pointed at, and printed by noteLines. */
function resultLine(result: PropertyResult): string {
  const noted = result.note === undefined ? '' : '; not every list walked whole: see the note';
  const took = `${(result.durationMs / 1000).toFixed(1)}s`;
  if (result.status === 'skipped') return `SKIP ${result.name}: ${result.reason}${noted}`;
  if (result.status === 'passed') {
    const advisories =
      result.advisories.length > 0 ? `, ${result.advisories.length} advisory finding(s)` : '';
    return `PASS ${result.name} (${result.runs} runs, ${took}${advisories}${noted})`;
  }
  const first = result.failures[0];
  return `FAIL ${result.name}: ${first?.check ?? '?'}: ${first?.message ?? ''} (seed ${result.seed}, path ${result.path})`;
}

/** What an aimed property reached, in lines under its result line; none for the others. */
export const coverageOf = (result: PropertyResult): string[] =>
  result.status === 'skipped' || result.coverage === undefined ? [] : coverageLines(result.coverage);

/** The result line, then what it reached, indented by `indent`. */
export const resultLines = (result: PropertyResult, indent = ''): string =>
  [resultLine(result), ...coverageOf(result).map((line) => `  ${line}`)]
    .map((line) => `${indent}${line}`)
    .join('\n');
/** Each note once, with the properties it was given for: what lists were not walked whole, and why. */
export function noteLines(results: readonly PropertyResult[]): string[] {
  const byNote = new Map<string, string[]>();
  for (const { note, name } of results)
    if (note !== undefined) byNote.set(note, [...(byNote.get(note) ?? []), name]);
  return [...byNote].flatMap(([note, names]) => [`note: ${note}`, `  for ${names.join(', ')}`]);
}

/**
 * Everything a person needs to understand and replay a failure, keys never included; `source`:
 * what the run ran against (the replay command names it).
 */
export function failureReport(result: Failed, source: RunSource): string {
  const lines = [
    `property ${result.name} failed after ${result.runs} run(s), shrunk ${result.shrinks} time(s)`,
    `replay: ${propsReplay(result.name, result, source)}`,
    `shrunk input: ${result.input}`,
  ];
  for (const failure of result.failures)
    lines.push(
      `${failure.check} [${failure.code}]: ${failure.message}`,
      `  expected: ${failure.expected}`,
      `  received: ${failure.received}`,
    );
  lines.push(`request sequence (${result.requests.length}):`);
  result.requests.forEach((step, index) => {
    const { tenant, role, scheme } = step.call.credential;
    lines.push(`  ${index}. GET ${callPath(step.call)} as ${tenant}/${role} via ${scheme} -> ${step.status}`);
  });
  return lines.join('\n');
}

export interface RunArtifacts {
  directory: string;
  json: string;
  scripts: string[];
  /** The reproduction script of each failed property, by property name. */
  reproductions: Record<string, string>;
}

const scriptName = (name: string): string => `repro-${name.replace(/[^A-Za-z0-9.-]+/g, '-')}.sh`;

/**
 * Writes props.json and one curl reproduction per failed property into `directory`; `source`: what
 * the run ran against, named by each reproduction's replay command.
 */
export async function writeRunArtifacts(
  directory: string,
  target: Target,
  results: readonly PropertyResult[],
  options: RunOptions,
  source: RunSource,
): Promise<RunArtifacts> {
  const redact = targetRedactor(target);
  await mkdir(directory, { recursive: true });
  const reproductions: Record<string, string> = {};
  for (const result of results.filter((entry): entry is Failed => entry.status === 'failed')) {
    const path = join(directory, scriptName(result.name));
    await writeFile(path, redact(reproScript(result, target, source)));
    await chmod(path, 0o755);
    reproductions[result.name] = path;
  }
  const summary = {
    target: { name: target.name, baseUrl: target.baseUrl },
    writtenAt: new Date().toISOString(),
    options,
    counts: {
      passed: results.filter((result) => result.status === 'passed').length,
      failed: results.filter((result) => result.status === 'failed').length,
      skipped: results.filter((result) => result.status === 'skipped').length,
    },
    results,
  };
  const json = join(directory, 'props.json');
  await writeFile(json, `${JSON.stringify(redactDeep(summary, redact), null, 2)}\n`);
  return { directory, json, scripts: Object.values(reproductions), reproductions };
}

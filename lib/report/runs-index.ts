/**
 * Runs you can find: every command's run folder under `reports/` listed in one place. Each run
 * writes one line to `reports/runs.jsonl` (what it was: time, command, target, faults, verdict,
 * duration) when its reports are written; `reports/index.html` and `npm run report -- --list` are
 * that list, newest first, of the folders still there. Folders written before the list existed
 * are read once from their summary.json.
 */
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HarnessError } from '../errors.ts';
import { escapeHtml as e } from './html-escape.ts';
import type { Summary } from './model.ts';

export interface RunEntry {
  runId: string;
  command: Summary['command'];
  startedAt: string;
  durationMs: number;
  target: string;
  kind: Summary['target']['kind'];
  faults: string[];
  verdict: Summary['verdict'];
  exitCode: number;
  /** Checks that failed, of all checks. */
  failed: number;
  checks: number;
}

const RUNS_FILE = 'runs.jsonl';
const INDEX_FILE = 'index.html';
/** A run folder's name: `<time>-<command>-<suffix>` (lib/report/build.ts makeRunId). */
const RUN_FOLDER = /^\d{8}T\d{6}Z-[a-z]+-[A-Za-z0-9]+$/;

function runEntry(summary: Summary): RunEntry {
  return {
    runId: summary.runId,
    command: summary.command,
    startedAt: summary.startedAt,
    durationMs: Date.parse(summary.finishedAt) - Date.parse(summary.startedAt),
    target: summary.target.name,
    kind: summary.target.kind,
    faults: summary.target.faults ?? [],
    verdict: summary.verdict,
    exitCode: summary.exitCode,
    failed: summary.checks.filter((check) => check.verdict === 'failed').length,
    checks: summary.checks.length,
  };
}

async function recordedEntries(reportsDir: string): Promise<Map<string, RunEntry>> {
  const text = await readFile(path.join(reportsDir, RUNS_FILE), 'utf8').catch(() => '');
  const entries = new Map<string, RunEntry>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const entry = JSON.parse(line) as RunEntry;
      entries.set(entry.runId, entry);
    } catch {
      // A line cut short by a run that died mid-write: that run is read from its folder instead.
    }
  }
  return entries;
}

async function entryFromFolder(reportsDir: string, runId: string): Promise<RunEntry | undefined> {
  const text = await readFile(path.join(reportsDir, runId, 'summary.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return runEntry(JSON.parse(text) as Summary);
  } catch {
    return undefined;
  }
}

/** No runs where there is no folder yet; a file where the folder should be is said in one line. */
const noFolder =
  (reportsDir: string) =>
  (error: NodeJS.ErrnoException): never[] => {
    if (error.code === 'ENOTDIR')
      throw new HarnessError(`--reports-dir: ${reportsDir} is a file; name the folder the runs went to`);
    return [];
  };

/** The runs whose folders are under `reportsDir`, newest first, and those read from their folder. */
async function collectRuns(reportsDir: string): Promise<{ runs: RunEntry[]; unrecorded: RunEntry[] }> {
  const folders = (await readdir(reportsDir, { withFileTypes: true }).catch(noFolder(reportsDir)))
    .filter((entry) => entry.isDirectory() && RUN_FOLDER.test(entry.name))
    .map((entry) => entry.name);
  const recorded = await recordedEntries(reportsDir);
  const unrecorded: RunEntry[] = [];
  const entries = await Promise.all(
    folders.map(async (runId) => {
      const known = recorded.get(runId);
      if (known) return known;
      const read = await entryFromFolder(reportsDir, runId);
      if (read) unrecorded.push(read);
      return read;
    }),
  );
  const runs = entries
    .filter((entry): entry is RunEntry => entry !== undefined)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.runId.localeCompare(a.runId));
  return { runs, unrecorded };
}

/** The runs whose folders are under `reportsDir`, newest first. */
export const listRuns = async (reportsDir: string): Promise<RunEntry[]> =>
  (await collectRuns(reportsDir)).runs;

const seconds = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '?');
const targetText = (entry: RunEntry): string =>
  `${entry.target}${entry.kind === 'sandbox' ? (entry.faults.length > 0 ? ` + ${entry.faults.join(', ')}` : ', clean') : ''}`;
const verdictText = (entry: RunEntry): string =>
  `${entry.verdict.toUpperCase()} (exit ${entry.exitCode}${entry.failed > 0 ? `, ${entry.failed} of ${entry.checks} failed` : ''})`;

/** The list as the console prints it: one line per run, its folder last. */
export function runLines(entries: readonly RunEntry[], reportsDir: string): string[] {
  if (entries.length === 0) return [`no runs under ${reportsDir}`];
  return entries.map((entry) =>
    [
      entry.startedAt.replace('T', ' ').slice(0, 19),
      entry.command.padEnd(8),
      verdictText(entry).padEnd(22),
      seconds(entry.durationMs).padStart(8),
      ` ${targetText(entry)}  ${path.join(reportsDir, entry.runId)}`,
    ].join('  '),
  );
}

function indexHtml(entries: readonly RunEntry[]): string {
  const rows = entries
    .map(
      (entry) => `<tr class="${entry.verdict}"><td>${e(entry.startedAt.replace('T', ' ').slice(0, 19))}</td>
<td>${e(entry.command)}</td><td>${e(targetText(entry))}</td><td><b>${e(verdictText(entry))}</b></td>
<td>${e(seconds(entry.durationMs))}</td><td><a href="${encodeURIComponent(entry.runId)}/report.html">${e(entry.runId)}</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Runs</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left}
tr.fail b{color:#b00020}tr.pass b{color:#1b5e20}tr.inconclusive b{color:#9a6700}</style></head>
<body><h1>Runs <small>(${entries.length})</small></h1>
<p>Newest first. <code>npm run report -- --list</code> prints the same; <code>latest-&lt;command&gt;</code> points at each command's last run.</p>
<table><thead><tr><th>started (UTC)</th><th>command</th><th>target</th><th>verdict</th><th>duration</th><th>report</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}

/**
 * Records a run and rewrites `reports/index.html` from every run folder still there; folders from
 * before the list are recorded too, so each summary.json is read once.
 */
export async function recordRun(reportsDir: string, summary: Summary): Promise<string> {
  const runs = path.join(reportsDir, RUNS_FILE);
  await appendFile(runs, `${JSON.stringify(runEntry(summary))}\n`);
  const { runs: listed, unrecorded } = await collectRuns(reportsDir);
  if (unrecorded.length > 0)
    await appendFile(runs, unrecorded.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  const file = path.join(reportsDir, INDEX_FILE);
  await writeFile(file, indexHtml(listed));
  return file;
}

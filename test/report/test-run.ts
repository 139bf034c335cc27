/** What a test's summary says of its run: a sandbox run started and finished at the epoch, unless told. */
import type { RunFacts } from '../../lib/report/build.ts';
import type { Command } from '../../lib/report/model.ts';

export const testRun = (command: Command, facts: Partial<RunFacts> = {}): RunFacts => ({
  command,
  runId: `19700101T000000Z-${command}-test`,
  target: { name: 'sandbox', baseUrl: 'http://127.0.0.1:1/api/v1', kind: 'sandbox' },
  versions: { harness: '0', node: process.version },
  startedAt: new Date(0),
  finishedAt: new Date(0),
  ...facts,
});

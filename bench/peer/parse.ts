/**
 * What a Schemathesis run found, read from the files it writes (`--report ndjson,json`), never
 * from its terminal text: the checks that failed (by name, with Schemathesis's failure code and
 * title) and the run's own summary.
 */

export interface PeerFailure {
  /** The Schemathesis check that failed, e.g. `not_a_server_error`. */
  check: string;
  /** Its failure code and title, e.g. `ST101` and `Server error`. */
  code: string;
  title: string;
  operations: string[];
}

export interface PeerSummary {
  testCases: number;
  /** Why the run stopped: `completed`, `max_time`, `failure_limit`, ... */
  stopReason: string;
  /** Errors of the run itself (not check failures), e.g. a connection refused. */
  errors: number;
}

interface CheckEvent {
  name?: string;
  status?: string;
  failure_info?: { failure?: { code?: string; title?: string; operation?: string } };
}

type RecorderChecks = Record<string, CheckEvent[]>;

function scenarioChecks(line: string): CheckEvent[] {
  if (!line.includes('"ScenarioFinished"')) return [];
  const event = JSON.parse(line) as { ScenarioFinished?: { recorder?: { checks?: RecorderChecks } } };
  return Object.values(event.ScenarioFinished?.recorder?.checks ?? {}).flat();
}

/** Every failed check of the run's event stream, one entry per check, first seen first. */
export function failedChecks(ndjson: string): PeerFailure[] {
  const byCheck = new Map<string, PeerFailure>();
  for (const line of ndjson.split('\n')) {
    for (const check of scenarioChecks(line)) {
      if (check.status !== 'failure' || !check.name) continue;
      const failure = check.failure_info?.failure;
      const found = byCheck.get(check.name) ?? {
        check: check.name,
        code: failure?.code ?? '',
        title: failure?.title ?? '',
        operations: [],
      };
      if (failure?.operation && !found.operations.includes(failure.operation))
        found.operations.push(failure.operation);
      byCheck.set(check.name, found);
    }
  }
  return [...byCheck.values()];
}

/** The run summary of the JSON report. */
export function runSummary(json: string): PeerSummary {
  const report = JSON.parse(json) as {
    test_cases?: { generated?: number };
    stop_reason?: string;
    errors?: unknown[];
  };
  return {
    testCases: report.test_cases?.generated ?? 0,
    stopReason: report.stop_reason ?? 'unknown',
    errors: report.errors?.length ?? 0,
  };
}

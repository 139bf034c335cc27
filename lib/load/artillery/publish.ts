/**
 * `--publish` on Artillery: the receiver as an entry of Artillery's own publish-metrics plugin
 * (`config.plugins['publish-metrics']`, built into artillery 2.0.34), a bounded look at the
 * receiver before the run, and the one line to show when the plugin could not deliver.
 *
 * Endpoints and credentials stay out of the written script: it names their environment variables
 * (`{{ $env.NAME }}`, which Artillery resolves when it loads the script) and the values travel in
 * the environment of Artillery's process.
 */
import { Socket } from 'node:net';
import type { Publish } from '../publish.ts';

/** One entry of `config.plugins['publish-metrics']`, as the plugin reads it. */
export type PublishMetricsEntry = Record<string, unknown> & { type: string };

const fromEnv = (name: string) => `{{ $env.${name} }}`;

function otlpExporter(protocol: string | undefined): string {
  if (protocol === 'grpc') return 'otlp-grpc';
  return protocol === 'http/json' ? 'otlp-http' : 'otlp-proto';
}

/**
 * The plugin's entry for `publish`. Static tags only: the plugin puts the same tags (Prometheus
 * labels, OTel attributes, DogStatsD tags) on every metric of the run, so the per-series
 * dimensions travel in the metric names (published-metrics.ts). Datadog events stay off: the
 * plugin's event callback throws on a network error.
 */
export function publishMetricsEntry(publish: Publish, run: string): PublishMetricsEntry {
  const { env } = publish;
  switch (publish.kind) {
    case 'prometheus':
      return {
        type: 'prometheus',
        pushgateway: fromEnv('HARNESS_PUBLISH_PUSHGATEWAY_URL'),
        tags: [`run:${run}`],
      };
    case 'otel':
      // No endpoint here: the OTel exporter reads OTEL_EXPORTER_OTLP_(METRICS_)ENDPOINT and _HEADERS.
      return {
        type: 'open-telemetry',
        metrics: { exporter: otlpExporter(env.OTEL_EXPORTER_OTLP_PROTOCOL), attributes: { run } },
      };
    case 'statsd':
      // Plain StatsD has no tags: nothing but names and values goes on the wire.
      return {
        type: 'statsd',
        host: fromEnv('HARNESS_PUBLISH_STATSD_HOST'),
        port: Number(env.HARNESS_PUBLISH_STATSD_PORT ?? 8125),
        event: { send: false },
      };
    case 'datadog':
      return env.DD_API_KEY
        ? { type: 'datadog', apiKey: fromEnv('DD_API_KEY'), tags: [`run:${run}`], event: { send: false } }
        : {
            type: 'datadog',
            host: fromEnv('DD_AGENT_HOST'),
            port: Number(env.DD_DOGSTATSD_PORT ?? 8125),
            tags: [`run:${run}`],
            event: { send: false },
          };
  }
}

/** How long the look at the receiver may take. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Tries a TCP connection to the receiver. Undefined when it answered (or cannot be tried: UDP);
 * otherwise the one line saying the run goes on without publishing.
 */
export async function probeReceiver(
  publish: Publish,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const { probe } = publish;
  if (!probe) return undefined;
  const problem = await new Promise<string | undefined>((resolve) => {
    const socket = new Socket();
    const done = (outcome: string | undefined) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs / 1000} s`));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.connect(probe.port, probe.host, () => done(undefined));
  });
  return problem === undefined
    ? undefined
    : `--publish ${publish.kind}: ${publish.receiver} is not reachable (${problem}); the run goes on without publishing`;
}

/** What the plugin prints when a push fails (its Prometheus reporter: once per failed push). */
const PUSH_FAILED = 'Error pushing metrics to push gateway';

/** One line when Artillery's output shows that metrics were not delivered; else undefined. */
export function deliveryProblem(publish: Publish, output: string): string | undefined {
  const lines = output.split('\n').filter((line) => line.includes(PUSH_FAILED));
  if (lines.length === 0) return undefined;
  const first = lines[0] ?? '';
  // Without any user:password@ an address may carry.
  const why = first
    .slice(first.indexOf(PUSH_FAILED) + PUSH_FAILED.length)
    .replace(/\/\/[^/@\s]+@/g, '//')
    .trim();
  return `--publish ${publish.kind}: ${lines.length} push(es) to ${publish.receiver} failed${why ? ` (${why.slice(0, 120)})` : ''}; the run's own results are not affected`;
}

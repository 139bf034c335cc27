/**
 * `--publish KIND` (and HARNESS_PUBLISH): where a load run sends its metrics while it runs, for a
 * team watching it live in its dashboards. Only which receiver, and its settings, read from the
 * environment: the endpoint (and any credential) never comes from a flag or a file, and a setting
 * that is missing is one line naming its variable, before anything runs.
 */
import { HarnessError } from '../errors.ts';

export const PUBLISH_KINDS = ['prometheus', 'otel', 'statsd', 'datadog'] as const;
type PublishKind = (typeof PUBLISH_KINDS)[number];

export interface Publish {
  kind: PublishKind;
  /** The settings' variables and values, handed to the load engine's process as they are. */
  env: Record<string, string>;
  /** Where the metrics go, for a line a person reads (never a credential). */
  receiver: string;
  /** A TCP address to try before the run (UDP receivers have none). */
  probe?: { host: string; port: number };
}

type Env = Record<string, string | undefined>;

/** The variables each receiver reads; `required` lists alternatives, any one of which will do. */
const PUBLISH_ENV = {
  prometheus: { required: ['HARNESS_PUBLISH_PUSHGATEWAY_URL'], optional: [] },
  otel: {
    required: ['OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    optional: [
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
    ],
  },
  statsd: { required: ['HARNESS_PUBLISH_STATSD_HOST'], optional: ['HARNESS_PUBLISH_STATSD_PORT'] },
  datadog: { required: ['DD_API_KEY', 'DD_AGENT_HOST'], optional: ['DD_SITE', 'DD_DOGSTATSD_PORT'] },
} as const satisfies Record<PublishKind, { required: readonly string[]; optional: readonly string[] }>;

const OTLP_PROTOCOLS = ['grpc', 'http/protobuf', 'http/json'];

function parseUrl(variable: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HarnessError(`${variable}: "${value}" is not a URL; expected e.g. http://127.0.0.1:9091`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HarnessError(`${variable}: "${value}" is not an http(s) URL`);
  return url;
}

const urlProbe = (url: URL) => ({
  host: url.hostname.replace(/^\[|\]$/g, ''),
  port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
});

/** The receiver's address without user, password, path or query: safe to print. */
const origin = (url: URL) => `${url.protocol}//${url.host}`;

function port(variable: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 65_535)
    throw new HarnessError(`${variable}: "${value}" is not a port; expected an integer from 1 to 65535`);
  return number;
}

function settings(kind: PublishKind, env: Env): Record<string, string> {
  const { required, optional } = PUBLISH_ENV[kind];
  const present = Object.fromEntries(
    [...required, ...optional].flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  if (!required.some((name) => present[name]))
    throw new HarnessError(
      `--publish ${kind} needs ${required.join(' or ')} in the environment (${describeRequired(kind)})`,
    );
  return present;
}

function describeRequired(kind: PublishKind): string {
  if (kind === 'prometheus') return 'the Pushgateway, e.g. http://127.0.0.1:9091';
  if (kind === 'otel') return 'the OTLP receiver, e.g. http://127.0.0.1:4318';
  if (kind === 'statsd') return 'the StatsD host; HARNESS_PUBLISH_STATSD_PORT defaults to 8125';
  return 'an API key for the Datadog API, or the host of a Datadog Agent';
}

function receiverOf(kind: PublishKind, env: Record<string, string>): Omit<Publish, 'kind' | 'env'> {
  if (kind === 'prometheus') {
    const url = parseUrl('HARNESS_PUBLISH_PUSHGATEWAY_URL', env.HARNESS_PUBLISH_PUSHGATEWAY_URL ?? '');
    return { receiver: `the Pushgateway at ${origin(url)}`, probe: urlProbe(url) };
  }
  if (kind === 'otel') {
    const variable = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT
      ? 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'
      : 'OTEL_EXPORTER_OTLP_ENDPOINT';
    const url = parseUrl(variable, env[variable] ?? '');
    const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL;
    if (protocol !== undefined && !OTLP_PROTOCOLS.includes(protocol))
      throw new HarnessError(
        `OTEL_EXPORTER_OTLP_PROTOCOL: "${protocol}" is unknown; choose from ${OTLP_PROTOCOLS.join(', ')}`,
      );
    return { receiver: `the OTLP receiver at ${origin(url)}`, probe: urlProbe(url) };
  }
  if (kind === 'statsd') {
    const statsdPort = port('HARNESS_PUBLISH_STATSD_PORT', env.HARNESS_PUBLISH_STATSD_PORT, 8125);
    return { receiver: `StatsD at ${env.HARNESS_PUBLISH_STATSD_HOST ?? ''}:${statsdPort} (UDP)` };
  }
  if (env.DD_API_KEY) {
    const site = (env.DD_SITE ?? 'datadoghq.com').replace(/^app\./i, '');
    return { receiver: `the Datadog API at api.${site}`, probe: { host: `api.${site}`, port: 443 } };
  }
  const agentPort = port('DD_DOGSTATSD_PORT', env.DD_DOGSTATSD_PORT, 8125);
  return { receiver: `the Datadog Agent at ${env.DD_AGENT_HOST ?? ''}:${agentPort} (DogStatsD, UDP)` };
}

const isKind = (value: string): value is PublishKind => (PUBLISH_KINDS as readonly string[]).includes(value);

/**
 * The receiver `--publish` names, with its settings from `env`; undefined when nothing is to be
 * published (no flag, or `none`). Throws one line on an unknown kind or a missing setting.
 */
export function resolvePublish(value: string | undefined, env: Env): Publish | undefined {
  if (value === undefined || value === '' || value === 'none') return undefined;
  if (!isKind(value))
    throw new HarnessError(`--publish: "${value}" is unknown; choose from ${PUBLISH_KINDS.join(', ')}, none`);
  const present = settings(value, env);
  return { kind: value, env: present, ...receiverOf(value, present) };
}

/**
 * Where the metrics went, said once the run is over: `metrics: sent to the Pushgateway at … as run
 * <run>`; when a warning of the run says the receiver was unreachable or a push failed, that they
 * were not all delivered. A UDP receiver's delivery cannot be confirmed (its receiver says UDP).
 */
export function publishedLine(publish: Publish, run: string, warnings: readonly string[]): string {
  const failed = warnings.some((warning) => warning.startsWith(`--publish ${publish.kind}:`));
  return failed
    ? `metrics: not all delivered to ${publish.receiver} (--publish ${publish.kind}; the warning says why)`
    : `metrics: sent to ${publish.receiver} as run ${run} (--publish ${publish.kind})`;
}

/**
 * `--publish` without a receiver's traffic: which settings each kind needs (one line naming the
 * variable when one is missing), the publish-metrics entry the Artillery script gets (variables by
 * name, never a value), the metric names the engine derives from its points (bounded, key-free),
 * the look at the receiver before a run, and the line made of the plugin's failure output.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RunArtilleryOptions } from '../../lib/process/artillery.ts';
import { resolvePublish } from '../../lib/load/publish.ts';
import { deliveryProblem, probeReceiver, publishMetricsEntry } from '../../lib/load/artillery/publish.ts';
import { headlineCounters } from '../../lib/load/artillery/headline-counters.ts';
import { nameSafe, PublishedMetrics } from '../../lib/load/artillery/published-metrics.ts';
import { runGenerators } from '../../lib/load/artillery/run.ts';
import type { ArtilleryScript } from '../../lib/load/artillery/script.ts';
import { METRIC } from '../../lib/load/metrics.ts';
import { capacityOptions } from '../../lib/capacity/options.ts';
import { checkOptions, optionsFromFlags } from '../../lib/load/run/options.ts';
import { freePort } from '../../bench/net.ts';

/** What runArtillery was asked to run; it runs nothing. */
const calls = vi.hoisted(() => [] as RunArtilleryOptions[]);
vi.mock('../../lib/process/artillery.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/process/artillery.ts')>()),
  runArtillery: (options: RunArtilleryOptions) => {
    calls.push(options);
    return Promise.resolve({ exitCode: 0, timedOut: false, stdout: '', stderr: '', wallMs: 1 });
  },
}));

const PUSHGATEWAY = { HARNESS_PUBLISH_PUSHGATEWAY_URL: 'http://127.0.0.1:9091' };

describe('resolvePublish', () => {
  it('should publish nothing without the flag, or with none', () => {
    expect(resolvePublish(undefined, {})).toBeUndefined();
    expect(resolvePublish('none', {})).toBeUndefined();
  });

  it('should name the missing variable in one line', () => {
    expect(() => resolvePublish('prometheus', {})).toThrow(
      /^--publish prometheus needs HARNESS_PUBLISH_PUSHGATEWAY_URL in the environment/,
    );
    expect(() => resolvePublish('otel', {})).toThrow(
      /needs OTEL_EXPORTER_OTLP_METRICS_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => resolvePublish('statsd', {})).toThrow(/needs HARNESS_PUBLISH_STATSD_HOST/);
    expect(() => resolvePublish('datadog', {})).toThrow(/needs DD_API_KEY or DD_AGENT_HOST/);
  });

  it('should refuse an unknown kind and a bad value, naming it', () => {
    expect(() => resolvePublish('graphite', {})).toThrow(
      '--publish: "graphite" is unknown; choose from prometheus, otel, statsd, datadog, none',
    );
    expect(() => resolvePublish('prometheus', { HARNESS_PUBLISH_PUSHGATEWAY_URL: 'nope' })).toThrow(
      /HARNESS_PUBLISH_PUSHGATEWAY_URL: "nope" is not a URL/,
    );
    expect(() =>
      resolvePublish('statsd', { HARNESS_PUBLISH_STATSD_HOST: 'h', HARNESS_PUBLISH_STATSD_PORT: '0' }),
    ).toThrow(/HARNESS_PUBLISH_STATSD_PORT: "0" is not a port/);
  });

  it('should describe the receiver without a credential', () => {
    const publish = resolvePublish('prometheus', {
      HARNESS_PUBLISH_PUSHGATEWAY_URL: 'https://user:secret@push.example.com/base',
    });
    expect(publish).toMatchObject({
      receiver: 'the Pushgateway at https://push.example.com',
      probe: { host: 'push.example.com', port: 443 },
    });
    const datadog = resolvePublish('datadog', { DD_API_KEY: 'dd-secret', DD_SITE: 'datadoghq.eu' });
    expect(datadog?.receiver).toBe('the Datadog API at api.datadoghq.eu');
    expect(datadog?.env).toEqual({ DD_API_KEY: 'dd-secret', DD_SITE: 'datadoghq.eu' });
  });
});

describe('--publish on load and capacity', () => {
  it('should read the flag and its HARNESS_PUBLISH twin, and check the settings before the run', () => {
    const fromFlag = checkOptions(optionsFromFlags({ publish: 'prometheus' }, PUSHGATEWAY));
    expect(fromFlag.publish?.kind).toBe('prometheus');
    const fromEnv = checkOptions(optionsFromFlags({}, { ...PUSHGATEWAY, HARNESS_PUBLISH: 'prometheus' }));
    expect(fromEnv.publish?.kind).toBe('prometheus');
    expect(() => checkOptions(optionsFromFlags({ publish: 'prometheus' }, {}))).toThrow(
      /HARNESS_PUBLISH_PUSHGATEWAY_URL/,
    );
    expect(
      capacityOptions({ publish: 'statsd' }, { HARNESS_PUBLISH_STATSD_HOST: '127.0.0.1' }).publish,
    ).toMatchObject({ kind: 'statsd', receiver: 'StatsD at 127.0.0.1:8125 (UDP)' });
    expect(() => capacityOptions({}, { HARNESS_PUBLISH: 'otel' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe('publishMetricsEntry', () => {
  it('should name the variables, never their values', () => {
    const entries = [
      resolvePublish('prometheus', PUSHGATEWAY),
      resolvePublish('otel', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
      resolvePublish('statsd', {
        HARNESS_PUBLISH_STATSD_HOST: '127.0.0.1',
        HARNESS_PUBLISH_STATSD_PORT: '9125',
      }),
      resolvePublish('datadog', { DD_API_KEY: 'dd-secret-value' }),
      resolvePublish('datadog', { DD_AGENT_HOST: '127.0.0.1' }),
    ].map((publish) => (publish ? publishMetricsEntry(publish, 'run-1') : undefined));

    expect(entries).toEqual([
      { type: 'prometheus', pushgateway: '{{ $env.HARNESS_PUBLISH_PUSHGATEWAY_URL }}', tags: ['run:run-1'] },
      { type: 'open-telemetry', metrics: { exporter: 'otlp-grpc', attributes: { run: 'run-1' } } },
      { type: 'statsd', host: '{{ $env.HARNESS_PUBLISH_STATSD_HOST }}', port: 9125, event: { send: false } },
      { type: 'datadog', apiKey: '{{ $env.DD_API_KEY }}', tags: ['run:run-1'], event: { send: false } },
      {
        type: 'datadog',
        host: '{{ $env.DD_AGENT_HOST }}',
        port: 8125,
        tags: ['run:run-1'],
        event: { send: false },
      },
    ]);
  });
});

describe('PublishedMetrics', () => {
  const published = new PublishedMetrics(['sbx_Secret-Key']);
  const tags = { endpoint: 'orders', tenant: 'Tenant A', role: 'full', depth: '101+', status: '429' };

  it('should name each series by its dimensions, a counter counting points', () => {
    expect(published.samples(METRIC.latency, 12.5, tags)).toEqual([
      {
        type: 'histogram',
        name: 'harness.latency.endpoint.orders.tenant.tenant_a.depth.101plus',
        value: 12.5,
      },
      { type: 'counter', name: 'harness.responses.endpoint.orders.tenant.tenant_a.status.429', value: 1 },
    ]);
    expect(published.samples(METRIC.rateLimited, 1, tags)).toEqual([
      { type: 'counter', name: 'harness.rate_limited.endpoint.orders.tenant.tenant_a.role.full', value: 1 },
    ]);
    expect(published.samples(METRIC.rateLimited, 0, tags)).toEqual([]);
    expect(published.samples(METRIC.checkFailures, 1, { ...tags, check: 'no-duplicate-ids' })).toEqual([
      {
        type: 'counter',
        name: 'harness.check_failures.check.no-duplicate-ids.endpoint.orders.tenant.tenant_a',
        value: 1,
      },
    ]);
    // Per-arrival and per-cursor detail is not published, nor the client wait per request (counted
    // as harness.requests.waited); the generator's busy share, a point a second, is.
    expect(published.samples(METRIC.generatorLateness, 3, tags)).toEqual([]);
    expect(published.samples(METRIC.clientWait, 30, {})).toEqual([]);
    expect(published.samples(METRIC.generatorBusy, 42.5, {})).toEqual([
      { type: 'histogram', name: 'harness.generator_busy', value: 42.5 },
    ]);
  });

  it('should never put a key in a name, even through a tenant named after it', () => {
    const names = [
      ...published.samples(METRIC.latency, 1, { ...tags, tenant: 'sbx_Secret-Key' }),
      ...published.samples(METRIC.walks, 1, { ...tags, tenant: 'x-sbx_secret-key', end: 'complete' }),
    ].map((sample) => sample.name);
    expect(names.every((name) => /\.tenant\.redacted(\.|$)/.test(name))).toBe(true);
    expect(nameSafe('2-5')).toBe('2-5');
  });
});

describe('the receiver, before and after a run', () => {
  it('should say in one line, quickly, that a closed port is not reachable', async () => {
    const port = await freePort();
    const publish = resolvePublish('prometheus', {
      HARNESS_PUBLISH_PUSHGATEWAY_URL: `http://127.0.0.1:${port}`,
    });
    const started = Date.now();

    const line = publish && (await probeReceiver(publish));

    // The probe's own limit is 2 s; a refused port answers at once.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(line).toBe(
      `--publish prometheus: the Pushgateway at http://127.0.0.1:${port} is not reachable (ECONNREFUSED); the run goes on without publishing`,
    );
  });

  it('should find nothing to say about a listening port', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const publish = resolvePublish('prometheus', {
      HARNESS_PUBLISH_PUSHGATEWAY_URL: `http://127.0.0.1:${port}`,
    });

    expect(publish && (await probeReceiver(publish))).toBeUndefined();
    server.close();
  });

  it("should make one line of the plugin's failed pushes, without a password", () => {
    const publish = resolvePublish('prometheus', PUSHGATEWAY);
    const output = [
      'Error pushing metrics to push gateway Error: connect ECONNREFUSED 127.0.0.1:9091',
      '    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)',
      'Error pushing metrics to push gateway Error: push to http://u:pw@127.0.0.1:9091/x failed',
    ].join('\n');

    expect(publish && deliveryProblem(publish, output)).toBe(
      "--publish prometheus: 2 push(es) to the Pushgateway at http://127.0.0.1:9091 failed (Error: connect ECONNREFUSED 127.0.0.1:9091); the run's own results are not affected",
    );
    expect(publish && deliveryProblem(publish, 'all fine')).toBeUndefined();
  });
});

describe('runGenerators with --publish', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'publish-script-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const request = (url: string) => ({
    stages: [
      {
        name: 'walk',
        baseUrl: 'http://127.0.0.1:1/api/v1',
        phases: [{ name: 'steady', durationS: 1, rate: 1 }],
        engine: {
          scenario: 'walk',
          settings: {
            profile: 'smoke' as const,
            rate: 1,
            durationS: 1,
            floodRate: 1,
            requestTimeoutMs: 1000,
          },
          setup: { startedAt: 0, floorMs: 0 },
          recordDrift: false,
        },
        targetJson: '{}',
        maxRps: 10,
      },
    ],
    workers: 1,
    dir,
    env: {},
    timeoutMs: 10_000,
    publish: {
      to: resolvePublish('prometheus', { HARNESS_PUBLISH_PUSHGATEWAY_URL: url })!,
      run: 'run-7',
    },
  });

  it('should give the script the plugin and Artillery the variable, when the receiver answers', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    calls.length = 0;

    const run = await runGenerators(request(url));
    server.close();

    const script = parse(readFileSync(run.scripts[0] ?? '', 'utf8')) as ArtilleryScript;
    expect(script.config.plugins).toEqual({
      'publish-metrics': [
        {
          type: 'prometheus',
          pushgateway: '{{ $env.HARNESS_PUBLISH_PUSHGATEWAY_URL }}',
          tags: ['run:run-7'],
        },
      ],
    });
    expect(script.config.harness.publish).toBe(true);
    expect(calls[0]?.env?.HARNESS_PUBLISH_PUSHGATEWAY_URL).toBe(url);
    expect(run.warnings).toEqual([]);
  });

  it('should run without the plugin, saying so in one line, when the receiver is missing', async () => {
    const port = await freePort();
    calls.length = 0;

    const run = await runGenerators(request(`http://127.0.0.1:${port}`));

    const script = parse(readFileSync(run.scripts[0] ?? '', 'utf8')) as ArtilleryScript;
    expect(script.config.plugins).toBeUndefined();
    expect(script.config.harness.publish).toBeUndefined();
    expect(calls).toHaveLength(1);
    // The generator's young generation outlives a walk (docs/bench.md, session 19).
    expect(calls[0]?.nodeFlags).toEqual(['--max-semi-space-size=64']);
    expect(run.warnings).toEqual([
      expect.stringMatching(/is not reachable \(ECONNREFUSED\); the run goes on/),
    ]);
  });
});

describe('headlineCounters', () => {
  it('should count arrivals started late and requests that waited for a connection, from 10 ms', () => {
    expect(headlineCounters(METRIC.generatorLateness, 10, {})).toEqual([['harness.arrivals.late', 1]]);
    expect(headlineCounters(METRIC.generatorLateness, 9.9, {})).toEqual([]);
    expect(headlineCounters(METRIC.clientWait, 10, {})).toEqual([['harness.requests.waited', 1]]);
    expect(headlineCounters(METRIC.clientWait, 9.9, {})).toEqual([]);
  });
});

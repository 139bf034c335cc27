import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_ROLES, TargetFile } from '../../lib/target/schema.ts';
import { sandboxCommand, sandboxIdentity, sandboxSettings } from '../../lib/target/sandbox-identity.ts';
import { latencySpec, rateLimitSpec, resolveOptions } from '../../lib/target/sandbox-options.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { get, MENU, ORDERS, SandboxClient } from './client.ts';
import { idsOf, timed, until } from './showcase.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withSandbox(
  options: Parameters<typeof startSandbox>[0],
  use: (s: RunningSandbox) => Promise<void> | void,
) {
  const sandbox = await startSandbox({ orders: 400, menuItemsPerTenant: 60, ...options });
  try {
    await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

describe('startSandbox', () => {
  it('should write a valid target file, readable by its owner only, with a key of every role', async () => {
    const targetPath = join(dir, 'nested', 'target.json');
    await withSandbox({ targetPath }, (sandbox) => {
      const written: unknown = JSON.parse(readFileSync(targetPath, 'utf8'));
      expect(written).toEqual(sandbox.target);
      expect([...Value.Errors(TargetFile, written)]).toEqual([]);
      expect(statSync(targetPath).mode & 0o777).toBe(0o600);
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      expect(sandbox.target).toMatchObject({ apiKeyHeader: 'X-Sandbox-Api-Key', load: { allowed: true } });
      expect(sandbox.target.salesChannels).toEqual(['DINE_IN', 'TAKEAWAY', 'DELIVERY']);
      expect(sandbox.target.tenants.length).toBeGreaterThanOrEqual(3);
      for (const tenant of sandbox.target.tenants) {
        expect(tenant.quiescent).toBe(true);
        expect(Object.keys(tenant.keys).sort()).toEqual([...KEY_ROLES].sort());
      }
    });
  });

  it('should stop answering once closed', async () => {
    const sandbox = await startSandbox({ orders: 10, menuItemsPerTenant: 5 });
    await sandbox.close();
    await expect(get(`${sandbox.baseUrl}${ORDERS}`)).rejects.toThrow();
  });

  it('should fail with one clear line when the port is taken', async () => {
    await withSandbox({}, async (sandbox) => {
      const port = Number(new URL(sandbox.baseUrl).port);
      await expect(startSandbox({ port, orders: 10 })).rejects.toThrow(
        /could not listen on 127\.0\.0\.1:\d+/,
      );
    });
  });
});

describe('churn', () => {
  it('should change the churned tenants while the last tenant stays quiescent', async () => {
    await withSandbox({ churn: 400 }, async (sandbox) => {
      const client = new SandboxClient(sandbox);
      expect(sandbox.target.tenants.map((tenant) => tenant.quiescent)).toEqual([false, false, true]);
      const snapshot = async (tenant: number) =>
        JSON.stringify(
          await Promise.all([
            client.walk(ORDERS, { limit: 100 }, client.bearer(tenant)),
            client.walk(MENU, { limit: 100 }, client.bearer(tenant)),
          ]),
        );
      const [quietBefore, busyBefore] = [await snapshot(2), await snapshot(0)];
      await until(async () => (await snapshot(0)) !== busyBefore, 5000);
      const newest = idsOf((await client.get(ORDERS, { limit: 1 })).body.data);
      await until(
        async () => idsOf((await client.get(ORDERS, { limit: 1 })).body.data)[0] !== newest[0],
        5000,
      );
      expect(await snapshot(2)).toBe(quietBefore);
    });
  });
});

describe('latency injection', () => {
  it('should delay every request by the fixed latency', async () => {
    await withSandbox({ latency: { fixedMs: 40 } }, async (sandbox) => {
      const client = new SandboxClient(sandbox);
      for (let i = 0; i < 5; i++) expect(await timed(() => client.get(ORDERS))).toBeGreaterThanOrEqual(39);
    });
  });

  it('should add the tail to about tailRatio of the requests', async () => {
    await withSandbox({ latency: { fixedMs: 0, tailMs: 80, tailRatio: 0.5 } }, async (sandbox) => {
      const client = new SandboxClient(sandbox);
      const times: number[] = [];
      // One at a time: concurrent requests would queue behind each other and blur the two modes.
      for (let i = 0; i < 30; i++) times.push(await timed(() => client.get(ORDERS, { limit: 1 })));
      const slow = times.filter((ms) => ms >= 79).length;
      // Binomial(30, 0.5): 15 ± 3.7σ.
      expect(slow).toBeGreaterThanOrEqual(5);
      expect(slow).toBeLessThanOrEqual(25);
    });
  });
});

describe('options', () => {
  it.each([
    [{ orders: 1_000_001 }, /option orders: got 1000001, expected an integer from 0 to 1000000/],
    [{ port: 70_000 }, /option port/],
    [{ seed: 1.5 }, /option seed/],
    [{ tenants: 1 }, /option tenants/],
    [{ rateLimit: { perKey: 0 } }, /option rateLimit.perKey/],
    [{ latency: { tailRatio: 2 } }, /option latency.tailRatio/],
    [{ apiKeyBrand: 'Bad-Brand' }, /option apiKeyBrand/],
  ])('should reject %o', (options, message) => {
    expect(() => resolveOptions(options)).toThrow(message);
  });

  it('should take a generated mutant among the faults, as --fault m:OPERATOR@SITE gives it, one at a time', () => {
    const options = resolveOptions({ faults: ['cursor-500', 'm:status-500@concurrent>1'] });
    expect(options.faults).toEqual(['cursor-500']);
    expect(options.mutant).toBe('m:status-500@concurrent>1');
    const settings = sandboxSettings(sandboxIdentity(options, 'x'));
    expect(settings.faults).toEqual(['cursor-500', 'm:status-500@concurrent>1']);
    // A shell reads the `>` back as part of the name: a reproduction starts the same sandbox.
    expect(sandboxCommand(settings)).toBe(
      "npm run sandbox -- --fault cursor-500 --fault 'm:status-500@concurrent>1'",
    );
    expect(() =>
      resolveOptions({ faults: ['m:status-500@error-429'], mutant: 'm:id-number@orders.empty' }),
    ).toThrow(/one generated mutant at a time/);
  });

  it('should accept a million orders and generous default rate limits', () => {
    const options = resolveOptions({ orders: 1_000_000 });
    expect(options.orders).toBe(1_000_000);
    expect(options.rateLimit).toEqual({ perKey: 1000, perTenant: 3000, windowMs: 1000 });
  });

  it('should read --latency and --rate-limit with their durations in units', () => {
    expect(latencySpec('fixed=20ms,tail=0.5s,ratio=0.01')).toEqual({
      fixedMs: 20,
      tailMs: 500,
      tailRatio: 0.01,
    });
    expect(latencySpec('fixed=0ms')).toEqual({ fixedMs: 0 });
    expect(rateLimitSpec('perKey=10,perTenant=15,window=2s')).toEqual({
      perKey: 10,
      perTenant: 15,
      windowMs: 2000,
    });
  });

  it('should still read the old bare milliseconds and windowMs, as older scripts write them', () => {
    expect(latencySpec('fixed=5,tail=200,ratio=0.01')).toEqual({ fixedMs: 5, tailMs: 200, tailRatio: 0.01 });
    expect(rateLimitSpec('perKey=10,windowMs=1000')).toEqual({ perKey: 10, windowMs: 1000 });
  });

  it('should name the flag, the part and what was expected on a mistake', () => {
    expect(() => latencySpec('fixed=5ms,slow=1')).toThrow(
      'option --latency: cannot read "slow=1": expected fixed=D,tail=D,ratio=R (D a duration like 20ms)',
    );
    expect(() => latencySpec('fixed=')).toThrow(/^option --latency: cannot read "fixed=": expected/);
    expect(() => latencySpec('fixed=soon')).toThrow(
      'option --latency: cannot read "fixed=soon": "soon" is not a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
    expect(() => rateLimitSpec('window=-1s')).toThrow(/cannot read "window=-1s": "-1s" must be positive/);
    expect(() => rateLimitSpec('perKey=ten')).toThrow(
      /^option --rate-limit: cannot read "perKey=ten": expected perKey=N,perTenant=N,window=D/,
    );
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_ROLES, TargetFile } from '../../lib/target/schema.ts';
import { parseNumberList, resolveOptions } from '../../sandbox/options.ts';
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

  it('should accept a million orders and generous default rate limits', () => {
    const options = resolveOptions({ orders: 1_000_000 });
    expect(options.orders).toBe(1_000_000);
    expect(options.rateLimit).toEqual({ perKey: 1000, perTenant: 3000, windowMs: 1000 });
  });

  it('should read name=number lists and name the flag on a mistake', () => {
    const aliases = { fixed: 'fixedMs', tail: 'tailMs', ratio: 'tailRatio' };
    expect(parseNumberList('--latency', 'fixed=5,tail=200,ratio=0.01', aliases)).toEqual({
      fixedMs: 5,
      tailMs: 200,
      tailRatio: 0.01,
    });
    expect(() => parseNumberList('--latency', 'fixed=5,slow=1', aliases)).toThrow(
      /^option --latency: cannot read "slow=1"/,
    );
    expect(() => parseNumberList('--latency', 'fixed=', aliases)).toThrow(/--latency/);
  });
});

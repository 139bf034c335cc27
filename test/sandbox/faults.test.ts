/**
 * Every fault of the catalogue, switched on alone in a small sandbox, shows its bug. (That the
 * clean sandbox keeps the same rule is shown by the other tests in this folder.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FAULTS, type FaultName } from '../../sandbox/faults/catalogue.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/start.ts';
import { MENU, ORDERS, SandboxClient } from './client.ts';
import { HTTP_FAULT_SHOWCASES } from './http-fault-showcases.ts';
import { LOAD_FAULT_SHOWCASES } from './load-fault-showcases.ts';
import { PAGING_FAULT_SHOWCASES } from './paging-fault-showcases.ts';
import { PARAMETER_FAULT_SHOWCASES } from './parameter-fault-showcases.ts';
import { REQUEST_FAULT_SHOWCASES } from './request-fault-showcases.ts';
import { REPEAT_FAULT_SHOWCASES } from './repeat-fault-showcases.ts';
import type { FaultShowcase } from './showcase.ts';

const SHOWCASES: Record<FaultName, FaultShowcase> = {
  ...PAGING_FAULT_SHOWCASES,
  ...REQUEST_FAULT_SHOWCASES,
  ...LOAD_FAULT_SHOWCASES,
  ...PARAMETER_FAULT_SHOWCASES,
  ...REPEAT_FAULT_SHOWCASES,
  ...HTTP_FAULT_SHOWCASES,
};

const SMALL: SandboxOptions = { seed: 11, orders: 600, menuItemsPerTenant: 60 };

let running: RunningSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function sandboxWith(faults: string[], options: SandboxOptions = {}): Promise<SandboxClient> {
  running = await startSandbox({ ...SMALL, ...options, faults });
  return new SandboxClient(running);
}

describe('the fault catalogue', () => {
  it('should have a showcase for every fault and a fault for every showcase', () => {
    expect(Object.keys(SHOWCASES).sort()).toEqual(FAULTS.map((fault) => fault.name).sort());
  });

  it('should describe each fault in one line', () => {
    for (const fault of FAULTS) expect(fault.description).toMatch(/^[^\n]{10,120}$/);
  });

  it('should reject an unknown fault name with the list of valid ones', async () => {
    await expect(startSandbox({ faults: ['no-such-fault'] })).rejects.toThrow(
      /unknown fault "no-such-fault"; valid faults: page-boundary-duplicate, .*soak-drift$/,
    );
  });
});

describe.each(FAULTS.map((fault) => fault.name))('fault %s', (name) => {
  const showcase = SHOWCASES[name];

  it('should show its bug when switched on', async () => {
    await showcase.show(await sandboxWith([name], showcase.options));
  });

  // Proves the showcase itself: on the clean sandbox the same checks fail.
  it('should not show it on the clean sandbox', async () => {
    await expect(showcase.show(await sandboxWith([], showcase.options))).rejects.toThrow();
  });
});

describe('a sandbox with several faults', () => {
  it('should show each of them at once', async () => {
    const client = await sandboxWith(['page-overflow', 'default-limit-wrong', 'error-content-type']);
    expect((await client.get(ORDERS)).body.data).toHaveLength(21);
    expect((await client.get(MENU, { limit: 0 })).contentType).toMatch(/^text\/plain/);
  });
});

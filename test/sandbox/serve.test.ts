import { describe, expect, it } from 'vitest';
import { ServerCapacity } from '../../sandbox/serve.ts';
import { resolveOptions, serveSpec } from '../../lib/target/sandbox-options.ts';

const capacity = (spec: string) => new ServerCapacity(resolveOptions({ serve: serveSpec(spec) }).serve);

describe('ServerCapacity (--serve)', () => {
  it('should neither shed nor hold when no capacity is set', async () => {
    const none = new ServerCapacity(resolveOptions({}).serve);
    expect(none.sheds).toBe(false);
    const started = performance.now();
    await Promise.all(Array.from({ length: 50 }, () => none.hold()));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('should admit shed=N requests a second and shed the rest', () => {
    const shedder = capacity('shed=5');
    const shed = Array.from({ length: 8 }, () => shedder.shed());
    expect(shed.filter((answer) => !answer)).toHaveLength(5);
    expect(shed.filter(Boolean)).toHaveLength(3);
  });

  it('should let pool=N queries hold a connection at once and queue the others', async () => {
    const pool = capacity('pool=2,hold=30ms');
    const started = performance.now();
    const done = await Promise.all(
      Array.from({ length: 4 }, async () => {
        await pool.hold();
        return performance.now() - started;
      }),
    );
    // Two hold a connection at once: the last two wait one hold for theirs.
    expect(done.sort((a, b) => a - b)[3]).toBeGreaterThanOrEqual(58);
  });

  it('should refuse a pool without a hold, naming the option', () => {
    expect(() => capacity('pool=2')).toThrow(/option serve: pool and hold go together/);
    expect(() => serveSpec('shed=x')).toThrow(/--serve/);
  });
});

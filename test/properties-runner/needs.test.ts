import { describe, expect, it } from 'vitest';
import { unmetNeeds } from '../../lib/props/needs.ts';
import type { Target } from '../../lib/target/target.ts';
import { TARGET } from '../load/fixtures.ts';

const at = (baseUrl: string, allowed: boolean): Target => ({
  ...TARGET,
  baseUrl,
  load: { allowed, maxRps: 10 },
});

describe('the load need (ratelimit.retry-after-honest bursts past a rate limit)', () => {
  it('should be met by a loopback target, or one whose file allows load, and by no other', () => {
    const load = [{ kind: 'load' as const }];
    expect(unmetNeeds(load, at('http://127.0.0.1:4010/api/v1', false))).toBeNull();
    expect(unmetNeeds(load, at('http://[::1]:4010/api/v1', false))).toBeNull();
    expect(unmetNeeds(load, at('https://staging.example.com/api/v1', true))).toBeNull();
    expect(unmetNeeds(load, at('https://staging.example.com/api/v1', false))).toBe(
      'needs a target the harness may load (loopback, or load.allowed in its target file)',
    );
  });
});

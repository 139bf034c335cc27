import { afterEach, describe, expect, it, vi } from 'vitest';
import { injectedPercentiles, latencyAt, type InjectedLatency } from '../../bench/injected-latency.ts';
import { percentile, percentileOfSorted } from '../../bench/percentiles.ts';
import { startStalls } from '../../bench/stall.ts';
import { parseWrkOutput } from '../../bench/wrk.ts';

const WRK_REPORT = `Running 3s test @ http://127.0.0.1:40755/api/v1/public/orders
  2 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   650.12us    1.20ms  30.00ms   93.00%
    Req/Sec    14.40k     1.10k   16.00k    70.00%
  Latency Distribution
     50%  268.00us
     75%  682.00us
     90%    3.46ms
     99%    1.20s
  86346 requests in 3.00s, 86.40MB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 5
Requests/sec:  28782.40
Transfer/sec:     28.80MB
`;

describe('parseWrkOutput', () => {
  it('should read the rate, the counts and the latency distribution in milliseconds', () => {
    expect(parseWrkOutput(WRK_REPORT)).toEqual({
      requestsPerSec: 28782.4,
      requests: 86346,
      non2xx: 5,
      socketErrors: 3,
      latencyMs: { p50: 0.268, p75: 0.682, p90: 3.46, p99: 1200 },
    });
  });

  it('should fail with one line when the report has no rate', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      'wrk: no Requests/sec in its report',
    );
  });
});

describe('percentileOfSorted', () => {
  it('should interpolate between the nearest ranks', () => {
    expect(percentileOfSorted([10, 20, 30, 40], 50)).toBe(25);
    expect(percentileOfSorted([10, 20, 30, 40], 0)).toBe(10);
    expect(percentileOfSorted([10, 20, 30, 40], 100)).toBe(40);
    expect(percentile([40, 10, 30, 20], 90)).toBeCloseTo(37);
    expect(percentileOfSorted([], 50)).toBeNaN();
  });
});

describe('injected latency', () => {
  const injected: InjectedLatency = {
    fixedMs: 20,
    tailMs: 100,
    tailRatio: 0.1,
    stallMs: 300,
    periodMs: 1000,
  };

  it('should give each arrival phase the latency a frozen process causes', () => {
    expect(latencyAt(0, 20, injected)).toBe(320);
    expect(latencyAt(299, 20, injected)).toBe(21);
    expect(latencyAt(500, 20, injected)).toBe(20);
    // Its 20 ms wait would end inside the next stall: it ends when the process resumes.
    expect(latencyAt(990, 20, injected)).toBe(310);
  });

  it('should equal the fixed wait and the tail without a stall', () => {
    const noStall = { ...injected, stallMs: 0 };

    expect(injectedPercentiles(noStall, [50, 89, 95])).toEqual([20, 20, 120]);
  });

  it('should spread a stall share of arrivals over the stall', () => {
    const onlyStall = { ...injected, fixedMs: 0, tailRatio: 0 };
    const [p50, p85, p99] = injectedPercentiles(onlyStall, [50, 85, 99]);

    // 30% of arrivals land in the stall and wait out its rest: uniform over (0, 300].
    expect(p50).toBe(0);
    expect(p85).toBeCloseTo(150, 0);
    expect(p99).toBeCloseTo(290, 0);
  });
});

describe('startStalls', () => {
  afterEach(() => vi.useRealTimers());

  it('should freeze the process for the stall at the start of every period, without drift', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const events: string[] = [];
    const process = {
      pause: () => events.push(`pause@${Math.round(performance.now())}`),
      resume: () => events.push(`resume@${Math.round(performance.now())}`),
    };

    const stop = startStalls(process, { stallMs: 300, periodMs: 2000 });
    vi.advanceTimersByTime(4500);
    stop();

    expect(events).toEqual([
      'pause@0',
      'resume@300',
      'pause@2000',
      'resume@2300',
      'pause@4000',
      'resume@4300',
      'resume@4500',
    ]);
  });
});

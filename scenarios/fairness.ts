/**
 * Noisy neighbour: the first tenant floods (single first-page requests, no backoff, each answer
 * judged: a page by the page checks, a 429 by the Error shape, nothing else) while the
 * other tenants walk at the profile's rate. The flood ramps up to `floodRate` requests per second
 * and holds there, so it drives the noisy tenant into its rate limit whatever that limit is (up to
 * the target's load.maxRps). The quiet tenants are judged on the hold phase only, once the noisy
 * one is throttled: rate_limited{traffic:quiet} and latency{traffic:quiet} are the gates. A run in
 * which the noisy tenant was never throttled proves nothing about fairness: inconclusive.
 */
import { HarnessError } from '../lib/errors.ts';
import { METRIC } from '../lib/load/metrics.ts';
import type { Phase } from '../lib/load/phases.ts';
import type { LoadScenario } from '../lib/load/scenario.ts';
import { planWalk, walkableTenants } from '../lib/load/walk-plan.ts';
import type { Target } from '../lib/target/target.ts';
import { probeTarget } from '../lib/load/setup.ts';

/** Shares of the run: quiet tenants alone, the flood ramping up, the flood held. */
const SHARES = { quiet: 0.2, ramp: 0.4 };
/** The noisy tenant counts as throttled when at least this share of its hold-phase requests got 429. */
const NOISY_THROTTLED_SHARE = 0.5;

function split(target: Target): { noisy: string; quiet: string[] } {
  const tenants = walkableTenants(target).map((tenant) => tenant.name);
  const [noisy, ...quiet] = tenants;
  if (noisy === undefined || quiet.length === 0)
    throw new HarnessError(
      'fairness needs at least two tenants with a key that can walk a list; add one to the target file',
    );
  return { noisy, quiet };
}

/** Traffic tags by phase: only the hold phase's are the gated `quiet` and `noisy`. */
const TRAFFIC: Record<string, { quiet: string; noisy: string }> = {
  quiet: { quiet: 'quiet-baseline', noisy: 'noisy-ramp' },
  ramp: { quiet: 'quiet-ramp', noisy: 'noisy-ramp' },
  hold: { quiet: 'quiet', noisy: 'noisy' },
};

/**
 * Quiet walks keep their own rate whatever the flood does: an arrival is a quiet walk while this
 * worker has started fewer of them than its share of `rate` per second of the run so far, a flood
 * request otherwise. Per worker (module state), each holding its share of the rate.
 */
const quota = { started: 0, since: 0 };

function isQuiet(rate: number, share: number): boolean {
  const now = performance.now();
  if (quota.since === 0) quota.since = now;
  const due = Math.floor(((now - quota.since) / 1000) * rate * share) + 1;
  if (quota.started >= due) return false;
  quota.started += 1;
  return true;
}

export const fairness: LoadScenario = {
  name: 'fairness',
  defaultProfile: 'load',
  expects: 'throttling of the noisy tenant',
  phases(settings): Phase[] {
    const total = Math.max(3, Math.round(settings.durationS));
    const quietS = Math.max(1, Math.round(total * SHARES.quiet));
    const rampS = Math.max(1, Math.round(total * SHARES.ramp));
    const peak = settings.rate + settings.floodRate;
    return [
      { name: 'quiet', durationS: quietS, rate: settings.rate },
      { name: 'ramp', durationS: rampS, rate: settings.rate + settings.floodRate / 10, rampTo: peak },
      { name: 'hold', durationS: Math.max(1, total - quietS - rampS), rate: peak },
    ];
  },
  async setup(context) {
    split(context.target);
    return probeTarget(context);
  },
  async arrival(vu, arrival) {
    const { noisy, quiet } = split(vu.target);
    const traffic = TRAFFIC[arrival.phase] ?? { quiet: 'quiet', noisy: 'noisy' };
    if (arrival.phase === 'quiet' || isQuiet(vu.settings.rate, arrival.share)) {
      if (vu.stopped()) return;
      await vu.walk(planWalk(vu.target, arrival.index, { tenants: quiet, limits: [100] }), {
        traffic: traffic.quiet,
      });
      return;
    }
    // A flooder does not back off: that is what makes it noisy. Its every answer is judged: a page
    // or a 429 (spec §8), whatever the flood has done to the server.
    const call = planWalk(vu.target, arrival.index, { tenants: [noisy], limits: [20], filters: 'none' });
    await vu.ask(call, traffic.noisy);
  },
  premise(metrics, settings) {
    const share = metrics[`${METRIC.rateLimited}{traffic:noisy}`]?.values.rate;
    if (share !== undefined && share >= NOISY_THROTTLED_SHARE) return undefined;
    const seen =
      share === undefined
        ? 'sent nothing in the hold phase'
        : `got 429 on ${(share * 100).toFixed(1)} % of its requests`;
    return `the noisy tenant was never throttled: at ${settings.floodRate} requests/s it ${seen} (needs ${NOISY_THROTTLED_SHARE * 100} %); raise --flood-rate (up to the target's load.maxRps) or lower the tenant's limit`;
  },
};

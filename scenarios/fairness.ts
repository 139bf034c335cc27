/**
 * Noisy neighbour: the first tenant floods far above its rate limit (single first-page requests,
 * no backoff, `floodRate` per second) from a fifth of the run on, while the other tenants walk at
 * the profile's rate. The quiet tenants must keep (almost) no 429s and their latency:
 * rate_limited{traffic:quiet} and latency{traffic:quiet} are the gates.
 */
import { HarnessError } from '../lib/errors.ts';
import type { Phase } from '../lib/load/phases.ts';
import type { LoadScenario, LoadSettings } from '../lib/load/scenario.ts';
import { planWalk, walkableTenants } from '../lib/load/walk-plan.ts';
import type { Target } from '../lib/target/target.ts';
import { probeTarget } from './common/setup.ts';

/** The quiet tenants' baseline: the share of the run before the flood starts. */
const QUIET_ONLY_SHARE = 0.2;

function split(target: Target): { noisy: string; quiet: string[] } {
  const tenants = walkableTenants(target).map((tenant) => tenant.name);
  const [noisy, ...quiet] = tenants;
  if (noisy === undefined || quiet.length === 0)
    throw new HarnessError('fairness needs at least two tenants with a key that can walk a list');
  return { noisy, quiet };
}

/**
 * Whether arrival `inPhase` of the flood phase is a quiet walk: quiet walks are spread evenly
 * among the flood's requests, `rate` of every `rate + floodRate`.
 */
export function isQuietArrival(inPhase: number, settings: LoadSettings): boolean {
  const share = settings.rate / (settings.rate + settings.floodRate);
  return Math.floor((inPhase + 1) * share) > Math.floor(inPhase * share);
}

export const fairness: LoadScenario = {
  name: 'fairness',
  defaultProfile: 'load',
  phases(settings): Phase[] {
    const quietS = Math.max(1, Math.round(settings.durationS * QUIET_ONLY_SHARE));
    return [
      { name: 'quiet', durationS: quietS, rate: settings.rate },
      {
        name: 'flood',
        durationS: Math.max(1, Math.round(settings.durationS) - quietS),
        rate: settings.rate + settings.floodRate,
      },
    ];
  },
  async setup(context) {
    split(context.target);
    return probeTarget(context);
  },
  async arrival(vu, arrival) {
    const { noisy, quiet } = split(vu.target);
    if (arrival.phase === 'quiet' || isQuietArrival(arrival.inPhase, vu.settings)) {
      if (vu.stopped()) return;
      await vu.walk(planWalk(vu.target, arrival.index, { tenants: quiet, limits: [100] }), {
        traffic: 'quiet',
      });
      return;
    }
    // A flooder does not back off: that is what makes it noisy.
    await vu.send(
      planWalk(vu.target, arrival.index, { tenants: [noisy], limits: [20], filters: 'none' }),
      'noisy',
    );
  },
};

/**
 * The sandbox a load run starts when no target is given, set up so that its scenario means
 * something: rate limits low enough that fairness and stress reach them on a laptop.
 */
import type { ScenarioName } from '../thresholds.ts';
import type { RateLimitOptions, SandboxOptions } from '../../target/sandbox-options.ts';

/** Per key / per tenant, per second: the noisy tenant's flood is a multiple of perTenant. */
const FAIRNESS_LIMITS: RateLimitOptions = { perKey: 30, perTenant: 60, windowMs: 1000 };
/** Low enough that the stress profile's 6x is answered with 429s. */
const STRESS_LIMITS: RateLimitOptions = { perKey: 25, perTenant: 50, windowMs: 1000 };

/**
 * The peak of the fairness flood against the sandbox: 7x the noisy tenant's limit, above the
 * single bucket of the global-rate-limit-high fault (3x), so that a shared bucket fills too.
 */
export const SANDBOX_FLOOD_RATE = FAIRNESS_LIMITS.perTenant * 7;

export function sandboxOptionsFor(scenario: ScenarioName, overrides: SandboxOptions = {}): SandboxOptions {
  const rateLimit =
    scenario === 'fairness' ? FAIRNESS_LIMITS : scenario === 'stress' ? STRESS_LIMITS : undefined;
  return {
    ...(rateLimit ? { rateLimit } : {}),
    ...overrides,
    ...(overrides.rateLimit || rateLimit ? { rateLimit: { ...rateLimit, ...overrides.rateLimit } } : {}),
  };
}

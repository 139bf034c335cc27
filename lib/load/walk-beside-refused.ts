/**
 * Everything that holds alone holds under load: each arrival's walk goes out together with a
 * request of the same tenant that the contract refuses (lib/load/refused-plan.ts), so refusals
 * are decided while the same tenant's walks are being served.
 */
import type { ApiCall } from '../http/call.ts';
import { planRefused } from './refused-plan.ts';
import type { Arrival, Vu, WalkOptions } from './scenario.ts';

export async function walkBesideRefused(
  vu: Vu,
  arrival: Arrival,
  first: ApiCall,
  options?: WalkOptions,
): Promise<void> {
  if (vu.settings.refused === false) {
    await vu.walk(first, options);
    return;
  }
  await Promise.all([vu.walk(first, options), vu.refuse(planRefused(vu.target, arrival.index))]);
}

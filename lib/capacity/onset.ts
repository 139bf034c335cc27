/**
 * The 429 onset per key and per tenant: the offered rate of the first step in which that key (or
 * any key of that tenant) was answered 429. Keys are named `tenant/role`, never by value.
 */
import type { RequestSample } from './step-stats.ts';

export interface Onset {
  scope: 'key' | 'tenant';
  name: string;
  /** null: no 429 up to the highest step measured. */
  rps: number | null;
}

export interface MeasuredStep {
  offeredRps: number;
  samples: readonly RequestSample[];
}

function firstOnsets(steps: readonly MeasuredStep[], nameOf: (sample: RequestSample) => string) {
  const onset = new Map<string, number | null>();
  for (const step of steps)
    for (const sample of step.samples) {
      const name = nameOf(sample);
      if (!onset.has(name)) onset.set(name, null);
      if (sample.status === 429 && onset.get(name) === null) onset.set(name, step.offeredRps);
    }
  return onset;
}

const byName = (a: Onset, b: Onset) => a.name.localeCompare(b.name);

/** Every key and tenant that sent a request, tenants first, each sorted by name. */
export function onset429(steps: readonly MeasuredStep[]): Onset[] {
  const tenants = [...firstOnsets(steps, (sample) => sample.tenant)].map(([name, rps]): Onset => ({
    scope: 'tenant',
    name,
    rps,
  }));
  const keys = [...firstOnsets(steps, (sample) => sample.key)].map(([name, rps]): Onset => ({
    scope: 'key',
    name,
    rps,
  }));
  return [...tenants.sort(byName), ...keys.sort(byName)];
}

/** Whether a target can support a property; the reason it cannot is what a skip reports. */
import type { KeyRole } from '../target/schema.ts';
import { loadRefusal } from '../target/loopback.ts';
import type { Target, TenantTarget } from '../target/target.ts';
import type { Need } from './types.ts';
import type { Survey } from './survey.ts';

const tenantsWith = (target: Target, role: KeyRole): TenantTarget[] =>
  target.tenants.filter((tenant) => tenant.keys[role] !== undefined);

const plural = (count: number, noun: string) => (count === 1 ? `1 ${noun}` : `${count} ${noun}s`);

export function describeNeed(need: Need): string {
  switch (need.kind) {
    case 'key':
      return `${plural(need.tenants, 'tenant')} with ${/^[aeiou]/.test(need.role) ? 'an' : 'a'} ${need.role} key`;
    case 'quiescent':
      return 'a quiescent tenant with a full key';
    case 'changing':
      return 'a tenant with a full key whose data changes (quiescent: false)';
    case 'locations':
      return `${plural(need.tenants, 'tenant')} with known locations`;
    case 'categories':
      return `${plural(need.tenants, 'tenant')} with known categories`;
    case 'load':
      return 'a target the harness may load (loopback, or load.allowed in its target file)';
  }
}

function met(need: Need, target: Target, survey: Survey | undefined): boolean {
  const surveyed = survey?.tenants ?? [];
  switch (need.kind) {
    case 'key':
      return tenantsWith(target, need.role).length >= need.tenants;
    case 'quiescent':
      return tenantsWith(target, 'full').some((tenant) => tenant.quiescent);
    case 'changing':
      return tenantsWith(target, 'full').some((tenant) => !tenant.quiescent);
    case 'locations':
      return surveyed.filter((tenant) => tenant.locations.length > 0).length >= need.tenants;
    case 'categories':
      return surveyed.filter((tenant) => tenant.categories.length > 0).length >= need.tenants;
    case 'load':
      return loadRefusal(target) === null;
  }
}

/** Needs that only the survey can answer (data, not keys). */
export const needsSurvey = (needs: readonly Need[]): boolean =>
  needs.some((need) => need.kind === 'locations' || need.kind === 'categories');

/** Why the target cannot run a property with these needs, or null when it can. */
export function unmetNeeds(needs: readonly Need[], target: Target, survey?: Survey): string | null {
  const missing = needs.filter((need) => !met(need, target, survey));
  if (missing.length === 0) return null;
  return `needs ${missing.map(describeNeed).join(' and ')}`;
}

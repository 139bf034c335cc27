/**
 * Turns a parsed target file and an environment into a resolved Target: keys read, defaults set,
 * every problem reported as one line naming the place in the file and what is wrong.
 */
import { Value } from '@sinclair/typebox/value';
import { adviceFor } from './advice.ts';
import { KEY_ROLES, TargetFile, type KeyRole } from './schema.ts';
import type { SandboxIdentity } from './sandbox-identity.ts';
import { createRedactor, type Redactor } from '../redact.ts';

export interface TenantTarget {
  name: string;
  quiescent: boolean;
  locations: string[];
  categories: string[];
  /** Key values by role; a role the file does not declare is absent. */
  keys: Partial<Record<KeyRole, string>>;
}

export interface Target {
  name: string;
  baseUrl: string;
  apiKeyHeader: string;
  load: { allowed: boolean; maxRps: number };
  salesChannels: string[];
  tenants: TenantTarget[];
  /** Pages a whole walk of the properties may take (--walk-pages wins over it). */
  walkPages?: number;
  /** A sandbox's own target file says which sandbox it is; any other target says nothing. */
  sandbox?: SandboxIdentity;
}

/** A tenant as the target file and a survey both name it: whether its data holds still. */
type Stillness = { name: string; quiescent: boolean };

/**
 * Whether the tenant named `name` among `tenants` (a target's or a survey's) holds still: only
 * there must two answers to one request be the same records. An unknown name does not.
 */
export const isQuiescent = (tenants: readonly Stillness[], name: string): boolean =>
  tenants.some((tenant) => tenant.name === name && tenant.quiescent);

/** The first quiescent tenant of `tenants` when there is one, else the first: the steadiest to judge on. */
export const steadiest = <T extends Stillness>(tenants: readonly T[]): T | undefined =>
  tenants.find((tenant) => tenant.quiescent) ?? tenants[0];

export type TargetResult = { ok: true; target: Target } | { ok: false; problems: string[] };

type Env = Record<string, string | undefined>;

function schemaProblems(json: unknown): string[] {
  // A union reports a line for each of its branches; the first line per place is the useful one.
  const byPlace = new Map<string, string>();
  for (const error of Value.Errors(TargetFile, json)) {
    const place = error.path || '/';
    if (!byPlace.has(place)) byPlace.set(place, adviceFor(error));
  }
  return [...byPlace.values()];
}

function resolveTenant(entry: TargetFile['tenants'][number], index: number, env: Env, problems: string[]) {
  const keys: Partial<Record<KeyRole, string>> = {};
  for (const role of KEY_ROLES) {
    const source = entry.keys[role];
    if (!source) continue;
    const value = 'env' in source ? env[source.env] : source.value;
    if (value) keys[role] = value;
    else if ('env' in source)
      problems.push(`/tenants/${index}/keys/${role}: environment variable ${source.env} is not set or empty`);
  }
  return {
    name: entry.name,
    quiescent: entry.quiescent,
    locations: entry.locations ?? [],
    categories: entry.categories ?? [],
    keys,
  };
}

function duplicateNames(file: TargetFile): string[] {
  const names = file.tenants.map((tenant) => tenant.name);
  return names
    .filter((name, index) => names.indexOf(name) !== index)
    .map((name) => `/tenants: tenant name "${name}" is used twice`);
}

/**
 * Validates a parsed target file and resolves its keys from `env`. `shapeChecked`: this very file
 * has passed already.
 */
export function resolveTarget(json: unknown, env: Env, { shapeChecked = false } = {}): TargetResult {
  const shapeProblems = shapeChecked ? [] : schemaProblems(json);
  if (shapeProblems.length > 0) return { ok: false, problems: shapeProblems };
  const file = json as TargetFile;
  const problems: string[] = duplicateNames(file);
  const tenants = file.tenants.map((entry, index) => resolveTenant(entry, index, env, problems));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    target: {
      name: file.name ?? new URL(file.baseUrl).host,
      baseUrl: file.baseUrl.replace(/\/$/, ''),
      apiKeyHeader: file.apiKeyHeader,
      load: file.load,
      salesChannels: file.salesChannels ?? [],
      tenants,
      ...(file.walkPages === undefined ? {} : { walkPages: file.walkPages }),
      ...(file.sandbox ? { sandbox: file.sandbox } : {}),
    },
  };
}

/** Every key value of the target, for the redactor. */
export const targetSecrets = (target: Target): string[] =>
  target.tenants.flatMap((tenant) => Object.values(tenant.keys));

/**
 * The redactor of a target: every key value of it, and `more` (the keys of a customer's HAR, say),
 * removed from whatever passes through it. The one way a redactor is built for a target.
 */
export const targetRedactor = (target: Target, more: readonly string[] = []): Redactor =>
  createRedactor([...targetSecrets(target), ...more]);

/** Resolves a target file whose keys are all inline values, such as a sandbox's own description. */
export function resolveInlineTarget(file: unknown): Target {
  const result = resolveTarget(file, {});
  if (!result.ok) throw new Error(`the target is invalid: ${result.problems.join('; ')}`);
  return result.target;
}

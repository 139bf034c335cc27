/**
 * What to do about a target-file schema error, in the file's own words: "add baseUrl, e.g.
 * https://staging.example.com/api/v1" rather than the validator's "Expected required property".
 * A message never quotes a value of the file (a value may be a key).
 */
import type { TSchema } from '@sinclair/typebox';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { KEY_ROLES, TargetFile } from './schema.ts';

interface FieldAdvice {
  /** What a valid value is. */
  is: string;
  example: string;
}

const TENANT_EXAMPLE =
  '{ "name": "tenant-a", "quiescent": true, "keys": { "full": { "env": "STAGING_A_FULL" } } }';

/** By place, numbers as `*`: `/tenants/*\/keys/*`. */
const FIELDS: Record<string, FieldAdvice> = {
  '/': {
    is: 'one JSON object',
    example: 'targets/staging.example.json',
  },
  '/name': { is: 'a name for reports', example: '"staging"' },
  '/baseUrl': {
    is: 'the http(s) URL of the API with its /api/v1 prefix',
    example: 'https://staging.example.com/api/v1',
  },
  '/apiKeyHeader': { is: 'the X-<Brand>-Api-Key header name (spec §5)', example: 'X-Brand-Api-Key' },
  '/load': {
    is: 'whether load may be sent and how fast at most',
    example: '{ "allowed": false, "maxRps": 50 }',
  },
  '/load/allowed': { is: 'true or false', example: 'false' },
  '/load/maxRps': { is: 'a whole number of requests per second, at least 1', example: '50' },
  '/salesChannels': { is: 'a list of salesChannel values', example: '["DINE_IN", "TAKEAWAY"]' },
  '/tenants': { is: 'a list of at least one tenant', example: `[${TENANT_EXAMPLE}]` },
  '/tenants/*': { is: 'a tenant', example: TENANT_EXAMPLE },
  '/tenants/*/name': { is: 'the tenant name', example: '"tenant-a"' },
  '/tenants/*/quiescent': {
    is: 'true when its data does not change while the harness reads',
    example: 'true',
  },
  '/tenants/*/locations': { is: 'a list of location ids', example: '["loc_1"]' },
  '/tenants/*/categories': { is: 'a list of category ids', example: '["cat_1"]' },
  '/tenants/*/keys': { is: 'the keys by role', example: '{ "full": { "env": "STAGING_A_FULL" } }' },
  '/tenants/*/keys/*': {
    is: "the key's source: an environment variable or a value",
    example: '{ "env": "STAGING_A_FULL" } or { "value": "..." }',
  },
};

/** The FIELDS entry of a path: numbers as `*`, and any name under keys as `*` (a role). */
const placeOf = (path: string): string =>
  path.replace(/\/\d+(?=\/|$)/g, '/*').replace(/\/keys\/[^/]+$/, '/keys/*') || '/';

/** The schema of the object at `place` (`/`, `/load`, `/tenants/*`), read from the schema itself. */
function schemaAt(place: string): TSchema | undefined {
  type Node = TSchema & { items?: TSchema; properties?: Record<string, TSchema> };
  let schema: Node | undefined = TargetFile;
  for (const part of place.split('/').filter(Boolean))
    schema = part === '*' ? schema?.items : schema?.properties?.[part];
  return schema;
}

/**
 * The fields the object at `place` must have, as the schema says (`required`): what every message
 * about that object names, and what the README's target-file table (and docs/targets.md) marks required.
 */
export const requiredFields = (place: string): string[] => [
  ...((schemaAt(place)?.required ?? []) as string[]),
];

const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/** The fields an object at `place` may have, for "remove it" advice. */
function fieldsUnder(place: string): string[] {
  if (/^\/tenants\/\*\/keys$/.test(place)) return [...KEY_ROLES];
  const prefix = place === '/' ? '/' : `${place}/`;
  return Object.keys(FIELDS)
    .filter((field) => field.startsWith(prefix) && field !== place)
    .map((field) => field.slice(prefix.length))
    .filter((rest) => rest !== '' && !rest.includes('/') && rest !== '*');
}

/** One line: the place, and what to do about it. */
export function adviceFor(error: ValueError): string {
  const path = error.path || '/';
  const place = placeOf(path);
  const name = path.split('/').at(-1) ?? '';
  const parent = placeOf(path.slice(0, path.lastIndexOf('/')) || '/');
  const unknownRole = parent.endsWith('/keys') && !(KEY_ROLES as readonly string[]).includes(name);
  if (error.type === ValueErrorType.ObjectAdditionalProperties || unknownRole || !(place in FIELDS)) {
    const known = fieldsUnder(parent);
    const what = parent.endsWith('/keys') ? 'a key role' : 'a field here';
    const required = requiredFields(parent);
    const must = required.length > 0 ? ` (required: ${required.join(', ')})` : '';
    return `${path}: "${name}" is not ${what}; remove it, or use one of ${known.join(', ')}${must}`;
  }
  const advice = FIELDS[place] as FieldAdvice;
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return `${path}: add ${name}, a required field: ${advice.is}, e.g. ${advice.example}`;
  if (place === '/')
    return `/: not a target file: it must be ${advice.is} with the required fields ${listed(requiredFields('/'))} (see ${advice.example})`;
  return `${path}: must be ${advice.is}, e.g. ${advice.example}`;
}

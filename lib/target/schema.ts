/** The target file: one JSON format describes any target (the sandbox, staging, ...). */
import { Type, type Static } from '@sinclair/typebox';
import { SandboxIdentitySchema } from './sandbox-identity.ts';

/**
 * The roles a target file names keys by. `lowRateLimit`: a key that reads every list under a rate
 * limit small enough that a burst of requests in flight at once passes it (the sandbox: 4 a 2 s
 * window), kept for the rate-limit property alone (SHARED_ROLES are the others').
 */
export const KEY_ROLES = [
  'full',
  'noMenuRead',
  'noOrdersRead',
  'noPublicRead',
  'revoked',
  'expired',
  'lowRateLimit',
] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

/**
 * The roles every property but the rate-limit one may send: not the lowRateLimit key, whose few
 * requests a window that property spends alone (a request of another property would be throttled).
 */
export const SHARED_ROLES: readonly KeyRole[] = KEY_ROLES.filter((role) => role !== 'lowRateLimit');

const KeySource = Type.Union([
  Type.Object({ env: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }) }, { additionalProperties: false }),
  Type.Object({ value: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
]);

const TenantEntry = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    /** Data does not change while the harness reads it: enables properties that compare walks. */
    quiescent: Type.Boolean(),
    locations: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    categories: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    keys: Type.Partial(
      Type.Object(Object.fromEntries(KEY_ROLES.map((role) => [role, KeySource])), {
        additionalProperties: false,
      }),
    ),
  },
  { additionalProperties: false },
);

export const TargetFile = Type.Object(
  {
    name: Type.Optional(Type.String()),
    baseUrl: Type.String({ pattern: '^https?://[^\\s]+/api/v1/?$' }),
    /** The brand-specific `X-...-Api-Key` header name (spec §5). */
    apiKeyHeader: Type.String({ pattern: '^X-[A-Za-z0-9-]+-Api-Key$' }),
    load: Type.Object(
      { allowed: Type.Boolean(), maxRps: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    /** salesChannel values the target accepts; the spec does not show them (spec §4.1). */
    salesChannels: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    tenants: Type.Array(TenantEntry, { minItems: 1 }),
    /**
     * Pages a whole walk of the properties may take (default 40; --walk-pages wins): a list longer
     * than this at limit 100 is not walked whole, and the report names it.
     */
    walkPages: Type.Optional(Type.Integer({ minimum: 2, maximum: 1_000_000 })),
    /** Written by the sandbox only: which sandbox this is (lib/target/sandbox-identity.ts). */
    sandbox: Type.Optional(SandboxIdentitySchema),
  },
  { additionalProperties: false },
);

export type TargetFile = Static<typeof TargetFile>;

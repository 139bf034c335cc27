/** The target file: one JSON format describes any target (the sandbox, staging, ...). */
import { Type, type Static } from '@sinclair/typebox';
import { SandboxIdentitySchema } from './sandbox-identity.ts';

export const KEY_ROLES = [
  'full',
  'noMenuRead',
  'noOrdersRead',
  'noPublicRead',
  'revoked',
  'expired',
] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

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

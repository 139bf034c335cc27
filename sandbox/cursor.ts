import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest } from './errors.ts';

export type Endpoint = 'menu' | 'orders';
type KeyPart = string | number;

/** What a cursor carries. Only the server reads it; clients treat it as opaque (spec §4.3 rule 3). */
export interface CursorPayload {
  /** Tenant name the cursor was issued to. */
  t: string;
  e: Endpoint;
  /** Digest of the filters, locationId and salesChannel of the walk (spec §4.3 rule 4). */
  f: string;
  /** Number of the page this cursor fetches (2 for the first cursor of a walk). */
  p: number;
  /** Sort key of the last record served, or [offset] under the offset-cursor fault. */
  k: KeyPart[];
  /** Restart key carried by the cursor-cycle fault. */
  r?: KeyPart[];
  /** Epoch ms the cursor was issued, carried by the cursor-expiry-500 fault. */
  i?: number;
  /** Serial number, carried by the cursor-single-use fault: no two tokens it issues are alike. */
  n?: number;
}

const MAX_TOKEN_LENGTH = 4096;
const SIGNATURE_BYTES = 16;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const isKey = (value: unknown): value is KeyPart[] =>
  Array.isArray(value) &&
  value.length <= 2 &&
  value.every((p) => typeof p === 'string' || Number.isSafeInteger(p));

function isPayload(value: unknown): value is CursorPayload {
  const v = value as Partial<CursorPayload> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.t === 'string' &&
    (v.e === 'menu' || v.e === 'orders') &&
    typeof v.f === 'string' &&
    Number.isSafeInteger(v.p) &&
    isKey(v.k) &&
    (v.r === undefined || isKey(v.r)) &&
    (v.i === undefined || Number.isSafeInteger(v.i)) &&
    (v.n === undefined || Number.isSafeInteger(v.n))
  );
}

/** Digest binding a cursor to the canonical form of a walk's filters. */
export function filterDigest(canonicalFilters: string): string {
  return createHash('sha256').update(canonicalFilters).digest('base64url').slice(0, 16);
}

/** Signs and verifies cursors with a secret of this server instance (HMAC-SHA256). */
export class CursorCodec {
  private readonly secret = randomBytes(32);

  private sign(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, SIGNATURE_BYTES);
  }

  encode(payload: CursorPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  /** Verifies the signature before reading anything; every failure is a 400. */
  decode(token: string): CursorPayload {
    if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) throw badRequest('cursor is malformed');
    const [body = '', signature = ''] = token.split('.');
    const given = Buffer.from(signature, 'base64url');
    const expected = this.sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw badRequest('cursor is invalid: it was altered or not issued by this server');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      payload = undefined;
    }
    if (!isPayload(payload)) throw badRequest('cursor is malformed');
    return payload;
  }

  /**
   * The cursor-500 fault: the payload is parsed and used before the signature is checked, so a
   * tampered cursor crashes the handler (500) instead of being rejected (400).
   */
  decodeTrustingPayload(token: string): CursorPayload {
    const [body = ''] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    if (payload.k.length === 0 || payload.t.length === 0) throw badRequest('cursor is malformed');
    return this.decode(token);
  }
}

/** Rejects a genuine cursor used for another tenant, endpoint or set of filters (400). */
export function checkCursorBinding(
  payload: CursorPayload,
  expected: { tenant: { name: string }; endpoint: Endpoint; digest: string },
  ignoreTenant: boolean,
): void {
  if (payload.e !== expected.endpoint) throw badRequest('cursor belongs to a different endpoint');
  if (!ignoreTenant && payload.t !== expected.tenant.name)
    throw badRequest("cursor was not issued to this API key's tenant");
  if (payload.f !== expected.digest) {
    throw badRequest(
      'cursor was issued for different filters; keep filters, locationId and salesChannel unchanged while paging',
    );
  }
}

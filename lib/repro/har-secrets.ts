/**
 * A HAR from a customer holds their real API key in every request (spec §5: `Authorization:
 * Bearer` or `X-...-Api-Key`), and often cookies. They are taken out the moment the HAR is read:
 * what stays in the HAR is a placeholder, and the values go only where they are needed in memory
 * (to tell which tenant's key it was, and to build the redactor). Nothing downstream sees them.
 */
import type { Har, Header, QueryString } from 'har-format';
import { REDACTED } from '../redact.ts';

/** Header names whose values are credentials. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-[a-z0-9-]+-api-key|x-api-key)$/i;
/** Query parameters that carry a credential in some clients (never the cursor). */
const SECRET_PARAM = /^(api[-_]?key|access[-_]?token|key|token)$/i;

export const isSecretParam = (name: string): boolean => SECRET_PARAM.test(name);

type KeyScheme = 'bearer' | 'serviceHeader';

/** The credential one request carried, kept in memory only. */
export interface SeenKey {
  scheme: KeyScheme;
  value: string;
}

export interface StrippedHar {
  har: Har;
  /** Every secret value found, for the redactor. */
  secrets: string[];
  /** Per entry, the API key it carried, if any. */
  keys: (SeenKey | undefined)[];
}

function keyOf(headers: readonly Header[]): SeenKey | undefined {
  for (const header of headers) {
    const bearer = /^authorization$/i.test(header.name)
      ? /^Bearer\s+(\S+)/i.exec(header.value)?.[1]
      : undefined;
    if (bearer) return { scheme: 'bearer', value: bearer };
    if (/^x-[a-z0-9-]+-api-key$/i.test(header.name) && header.value)
      return { scheme: 'serviceHeader', value: header.value };
  }
  return undefined;
}

const stripHeaders = (headers: readonly Header[], secrets: string[]): Header[] =>
  headers.map((header) => {
    if (!SECRET_HEADER.test(header.name)) return header;
    secrets.push(header.value, header.value.replace(/^Bearer\s+/i, ''));
    return { ...header, value: REDACTED };
  });

const stripParams = (params: readonly QueryString[], secrets: string[]): QueryString[] =>
  params.map((param) => {
    if (!SECRET_PARAM.test(param.name)) return param;
    secrets.push(param.value);
    return { ...param, value: REDACTED };
  });

function stripUrl(url: string, secrets: readonly string[]): string {
  let clean = url;
  for (const secret of secrets.filter((value) => value.length > 0))
    clean = clean.split(encodeURIComponent(secret)).join(REDACTED).split(secret).join(REDACTED);
  return clean;
}

/** A copy of the HAR without credentials, and what was taken out. */
export function stripSecrets(har: Har): StrippedHar {
  const secrets: string[] = [];
  const keys = har.log.entries.map((entry) => keyOf(entry.request.headers));
  const entries = har.log.entries.map((entry) => {
    const headers = stripHeaders(entry.request.headers, secrets);
    const queryString = stripParams(entry.request.queryString, secrets);
    return {
      ...entry,
      request: { ...entry.request, headers, queryString, cookies: [], url: entry.request.url },
      response: { ...entry.response, headers: stripHeaders(entry.response.headers, secrets), cookies: [] },
    };
  });
  const unique = [...new Set(secrets.filter((value) => value.length > 0 && value !== REDACTED))];
  for (const entry of entries) entry.request.url = stripUrl(entry.request.url, unique);
  return { har: { ...har, log: { ...har.log, entries } }, secrets: unique, keys };
}

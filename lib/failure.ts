/**
 * Failures are data: a stable code, the check's name, what was expected and received, the
 * request sequence that showed it, and a severity. Reports render these; they never re-run checks.
 */
import type { Endpoint } from './contract/endpoints.ts';
import type { AuthScheme, CredentialRole, Method } from './http/call.ts';
import type { KeyCase } from './http/key-case.ts';
import type { KeyPlace } from './http/key-place.ts';
import type { KeySpelling } from './http/key-spelling.ts';
import type { SecondKey } from './http/two-keys.ts';

/** `advisory` is for behaviour the spec leaves open ("not shown"): reported, never a gate failure. */
type Severity = 'error' | 'advisory';

/** One request as it goes into a report or reproduction: the key by tenant and role, never its value. */
export interface RequestRecord {
  endpoint: Endpoint;
  /** Path and query relative to the base URL. */
  path: string;
  tenant: string;
  role: CredentialRole;
  scheme: AuthScheme;
  /** The role's key sent in another case (a string never issued), when it was. */
  keyCase?: KeyCase;
  /** Where the key went instead of the scheme's header (a query parameter, a cookie, ...), when it did. */
  keyPlace?: KeyPlace;
  /** A second real key sent with the first (lib/http/two-keys.ts), by tenant and role, when one was. */
  second?: SecondKey;
  /** The key in another spelling of its header HTTP makes the same credential, when it was. */
  keySpelling?: KeySpelling;
  status: number;
  /** Present for a method other than GET (HEAD, or one http.other-methods sends): GET is the default. */
  method?: Exclude<Method, 'GET'>;
}

export interface Failure {
  check: string;
  code: string;
  severity: Severity;
  message: string;
  expected: string;
  received: string;
  requests: RequestRecord[];
}

export type FailureFields = Omit<Failure, 'check' | 'requests' | 'severity'> & { severity?: Severity };

export const isError = (failure: Failure): boolean => failure.severity === 'error';

/**
 * What a probe property draws: a legal request and what the probe changes in it (properties/
 * probes.ts runs them). Apart from probes.ts so the files that build inputs (key-places.ts) need
 * not import the runner that imports them.
 */
import type fc from 'fast-check';
import type { CredentialRole, Query } from '../lib/http/call.ts';
import type { KeyCase } from '../lib/http/key-case.ts';
import type { KeyPlace } from '../lib/http/key-place.ts';
import type { SecondKey } from '../lib/http/two-keys.ts';
import type { Coverage } from '../lib/props/coverage.ts';
import type { ListRequest } from './arbitraries/requests.ts';

/** A legal request, what the probe changes in it, and in words what that tries. */
export interface ProbeInput {
  request: ListRequest;
  /** The key it is sent with, via the request's scheme (in another case: a string never issued). */
  key: { tenant: string; role: CredentialRole; keyCase?: KeyCase; keyPlace?: KeyPlace; second?: SecondKey };
  /** Parameters set over the request's own: a foreign place, a bad limit, a random cursor. */
  set?: Query;
  /** Key headers sent with no key in them (lib/http/blank-key.ts), the key's role being none. */
  headers?: Readonly<Record<string, string>>;
  probe: string;
}

/** A probe's inputs: what it draws, and its coverage phase when its requests are aimed. */
export interface ProbeInputs {
  arbitrary: fc.Arbitrary<ProbeInput>;
  coverage?: Coverage<ProbeInput>;
}

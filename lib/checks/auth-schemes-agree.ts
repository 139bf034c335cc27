import type { AuthScheme } from '../http/call.ts';
import type { WalkSetCheck } from './types.ts';

export interface SchemeOutcome {
  scheme: AuthScheme;
  status: number;
}

/**
 * spec §5: both headers carry "the same scoped key", so one request answers with the same status
 * whichever header carries the key (200, 401, 403 or 404 alike); RFC 9110 §11.1: the scheme token
 * is case-insensitive, so `bearer <key>` is read as `Bearer <key>`.
 */
export const authSchemesAgree: WalkSetCheck<readonly SchemeOutcome[]> = {
  name: 'auth-schemes-agree',
  description:
    'The same request answers with the same status via Authorization: Bearer (the scheme in any case) and X-...-Api-Key.',
  catches: ['service-header-ignored', 'bearer-case-sensitive', 'cursor-bound-to-scheme'],
  run(outcomes) {
    const [first, ...rest] = outcomes;
    const other = rest.find((outcome) => outcome.status !== first?.status);
    if (first === undefined || other === undefined) return null;
    return {
      code: 'SCHEMES_DIFFER',
      message: `the key answered ${first.status} via ${first.scheme} but ${other.status} via ${other.scheme}`,
      expected: 'the same status for both schemes',
      received: outcomes.map((outcome) => `${outcome.scheme}: ${outcome.status}`).join(', '),
    };
  },
};

/** What an aimed walk is, and how a property asks for its walks to be aimed. */
import { LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { AUTH_SCHEMES, type AuthScheme, type Query } from '../../lib/http/call.ts';
import type { LimitBounds } from '../../lib/props/aim.ts';
import { filtersOf } from '../../lib/props/measure.ts';

/** A walk aimed at a class: a list, its filters, and the limit to read it at. */
export interface AimedWalk {
  tenant: string;
  endpoint: Endpoint;
  scheme: AuthScheme;
  /** Filters only: the limit is `limit`. */
  query: Query;
  limit: number;
}

/** The walk a first page starts: its list, its filters, and its limit (none: the default). */
export const firstPageWalk = (page: {
  tenant: string;
  endpoint: Endpoint;
  scheme?: AuthScheme;
  query: Query;
}): AimedWalk => ({
  tenant: page.tenant,
  endpoint: page.endpoint,
  scheme: page.scheme ?? 'bearer',
  query: filtersOf(page.query),
  limit: Number(page.query.limit ?? LIMITS.default),
});

export interface AimSpec {
  endpoints: readonly Endpoint[];
  /** Which of the spec's combinations the property draws, e.g. those with status. */
  draws: (fields: readonly string[]) => boolean;
  /** Only lists whose sizes are exact (quiescent, read in full): the exact oracle's properties. */
  exactOnly: boolean;
  /** The limits a walk may take for a result of a given size. */
  bounds: LimitBounds;
  /** Also aim at the forms of q (lib/props/q-forms.ts). */
  qForms?: boolean;
  /** Also name the cells of status with activeOnly, which the property draws unaimed. */
  unjudged?: boolean;
  /** Narrows a filter's values, e.g. activeOnly to false. */
  only?: Readonly<Record<string, readonly string[]>>;
}

/** The coverage inputs take the schemes in turn (spec §5: both carry the same key). */
export const schemeOf = (index: number): AuthScheme => AUTH_SCHEMES[index % AUTH_SCHEMES.length] ?? 'bearer';

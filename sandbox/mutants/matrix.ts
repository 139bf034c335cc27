/**
 * The sentence × site matrix the mutants are generated from (issue 33). A row is a sentence of
 * the spec, the checks that enforce it and the operators that break (or, for an allowance, keep)
 * it; a cell is the row at one site: the mutants that violate exactly that sentence there, or why
 * the cell cannot apply. docs/spec-coverage.md shows the table (`renderMatrix`).
 */
import { OPERATORS } from './operators.ts';
import type { Need, Operator } from './types.ts';
import { SITES, type Site } from './sites.ts';

export interface Sentence {
  /** Section of spec/public-read-api.md. */
  section: string;
  text: string;
  /** Checks (lib/checks/registry.ts) that enforce it, per site kind when they differ. */
  checks: readonly string[];
  operators: readonly string[];
  /** The spec allows what the operators do: their mutants must pass. */
  allowance?: boolean;
}

export const SENTENCES: readonly Sentence[] = [
  {
    section: '2',
    text: 'All identifiers are opaque strings.',
    checks: ['page-matches-schema'],
    operators: ['id-number'],
  },
  {
    section: '2',
    text: 'MenuItem and Order: name required; status one of its enum.',
    checks: ['page-matches-schema'],
    operators: ['status-field-lowercase', 'name-missing'],
  },
  {
    section: '2',
    text: 'Pagination: nextPageToken (string or null) and hasMore (boolean), no additional fields.',
    checks: ['page-matches-schema'],
    operators: ['token-missing', 'has-more-string', 'pagination-extra'],
  },
  {
    section: '2',
    text: 'nextPageToken is null when there is no next page; hasMore is true when another page is available.',
    checks: ['pagination-consistent'],
    operators: ['has-more-flipped'],
  },
  {
    section: '2',
    text: 'Error: message (string or array of strings), statusCode (integer), error (string).',
    checks: ['error-body-shape'],
    operators: ['error-status-code-string', 'error-message-missing', 'error-status-code-mismatch'],
  },
  {
    section: '4',
    text: 'Both endpoints return application/json.',
    checks: ['page-matches-schema', 'error-body-shape'],
    operators: ['content-type-text'],
  },
  {
    section: '7',
    text: 'Each answer has its status: a page 200, each refusal its 4xx, never a 5xx.',
    checks: [
      'walk-pages-succeed',
      'key-rejected',
      'scope-enforced',
      'foreign-resource-not-found',
      'invalid-parameter-rejected',
      'other-method-refused',
    ],
    operators: ['status-500'],
  },
  {
    section: '4.3',
    text: "A page's nextPageToken, sent back, returns the next page.",
    checks: ['walk-pages-succeed'],
    operators: ['token-garbage'],
  },
  {
    section: '4.3',
    text: 'A walk returns every record of the list once, whatever the limit.',
    checks: ['limit-invariance', 'filtered-walk-exact'],
    operators: ['boundary-skip', 'record-dropped'],
  },
  {
    section: '3',
    text: 'Filters (status, activeOnly, locationId, categoryId, q) return only matching records.',
    checks: ['filter-respected', 'search-matches-name-or-sku'],
    operators: ['filter-violated'],
  },
  {
    section: '4',
    text: 'GET is idempotent: a request sent again gives the same page on quiescent data.',
    checks: ['repeat-gives-same-page'],
    operators: ['repeat-differs'],
  },
  {
    section: '4',
    text: 'Every 2xx, 3xx and 4xx answer carries a Date header that is an IMF-fixdate (RFC 9110 §6.6.1, RFC 9110 §5.6.7).',
    checks: ['date-header-sent'],
    operators: ['date-missing', 'date-not-http-date', 'date-obsolete-form'],
  },
  {
    section: '4',
    text: 'Every answer sends each single-valued field on one field line, its Content-Type one media type (RFC 9110 §5.3, RFC 9110 §8.3.1).',
    checks: ['single-valued-fields'],
    operators: ['content-type-repeated', 'content-type-list'],
  },
  {
    section: '4',
    text: 'No JSON body starts with a byte order mark (RFC 8259 §8.1).',
    checks: ['no-byte-order-mark'],
    operators: ['body-bom'],
  },
  {
    section: '4',
    text: 'A 405 to another method than GET lists GET in its Allow header (RFC 9110 §15.5.6).',
    checks: ['other-method-refused'],
    operators: ['allow-missing'],
  },
  {
    section: '5',
    text: "A refusal discloses nothing: no record in data, no record's id anywhere in it.",
    checks: ['refusal-discloses-nothing'],
    operators: ['refusal-carries-record', 'refusal-names-record'],
  },
  {
    section: '4',
    text: 'Date a nearby second in IMF-fixdate, header names in any case, whitespace around the JSON text, Content-Type parameters in any case and form, a list field on two lines, Allow in any order (RFC 9110, RFC 8259).',
    checks: ['date-header-sent', 'no-byte-order-mark', 'single-valued-fields', 'other-method-refused'],
    operators: [
      'date-other-second',
      'body-whitespace',
      'content-type-params-varied',
      'vary-repeated',
      'allow-reordered',
    ],
    allowance: true,
  },
  {
    section: '2',
    text: 'Objects may carry additional fields; order, cursor text and headers beyond those listed are not shown.',
    checks: ['page-matches-schema', 'error-body-shape'],
    operators: [
      'extra-record-field',
      'extra-top-field',
      'records-reversed',
      'token-reencoded',
      'extra-headers',
    ],
    allowance: true,
  },
];

/** Why an operator needing `need` cannot act at a site that lacks it. */
const WHY_NOT: Readonly<Record<Need, string>> = {
  page: 'not a page',
  error: 'not an error spec §7 names',
  records: 'no records',
  token: 'no next token',
  cursor: 'no cursor before it',
  menu: 'orders have no name',
  filter: 'no filter its records show',
  get: 'no answer to GET: http.other-methods judges its status and Allow',
  method: 'not a 405 to another method',
};

/** A generated mutant: one operator at one site. */
export interface Mutant {
  /** e.g. `m:status-field-lowercase@orders.cursor-page` */
  name: string;
  operator: Operator;
  site: Site;
  sentence: Sentence;
  /** The spec allows it: the gate must pass it. */
  equivalent: boolean;
}

export interface Cell {
  sentence: Sentence;
  site: Site;
  mutants: Mutant[];
  /** Why an operator of the row cannot act here, for those that cannot. */
  reasons: string[];
}

const operatorNamed = (name: string): Operator => {
  const found = OPERATORS.find((operator) => operator.name === name);
  if (found === undefined) throw new Error(`matrix names unknown operator ${name}`);
  return found;
};

/** Every cell of the matrix, row by row. */
export function matrixCells(): Cell[] {
  return SENTENCES.flatMap((sentence) =>
    SITES.map((site) => {
      const cell: Cell = { sentence, site, mutants: [], reasons: [] };
      for (const operator of sentence.operators.map(operatorNamed)) {
        const missing = operator.needs.find((need) => !site.provides.includes(need));
        if (missing !== undefined) cell.reasons.push(`${operator.name}: ${WHY_NOT[missing]}`);
        else
          cell.mutants.push({
            name: `m:${operator.name}@${site.name}`,
            operator,
            site,
            sentence,
            equivalent: sentence.allowance === true,
          });
      }
      return cell;
    }),
  );
}

/** Every generated mutant, equivalent ones included. */
export const MUTANTS: readonly Mutant[] = matrixCells().flatMap((cell) => cell.mutants);

/** The mutant named `name`; an unknown name fails with one line. */
export function mutantNamed(name: string): Mutant {
  const found = MUTANTS.find((mutant) => mutant.name === name);
  if (found === undefined)
    throw new Error(
      `unknown mutant "${name}"; see docs/spec-coverage.md or \`npm run sandbox -- --list-faults\``,
    );
  return found;
}

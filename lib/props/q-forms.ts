/**
 * The forms of a q value the search properties cover besides its outcome class (spec §4.1: a
 * case-insensitive search by item name or SKU): every length from one character, non-ASCII text
 * (also in another case than the data holds it, which a search folding only A-Z misses), text in
 * another case than the data holds it, text only a SKU holds, and each character a query string
 * gives meaning to, between other text (a server that decodes the query before it splits it cuts
 * q there).
 */
import type { SurveyRecord } from './survey.ts';

export const Q_FORMS = [
  'one character',
  '2-3 characters',
  '4-7 characters',
  '8+ characters',
  'non-ASCII',
  'non-ASCII in another case',
  'upper-cased',
  'lower-cased',
  'only in a SKU',
  'special character',
  'quote or apostrophe',
  'literal +',
  'literal %XX',
  'query-string character &',
  'query-string character =',
  'query-string character #',
  'query-string character ;',
  'query-string character ?',
  'query-string character /',
  'query-string character +',
  'query-string character %',
] as const;

export type QForm = (typeof Q_FORMS)[number];

/** The forms judged on any data: a literal + or %XX finds the items that hold it, usually none. */
export const LITERAL_FORMS: readonly QForm[] = ['literal +', 'literal %XX'];

/** Characters a query string gives meaning to: pairs, name and value, fragment, old separator, path, form. */
export const QUERY_STRING_CHARS = ['&', '=', '#', ';', '?', '/', '+', '%'] as const;

/** Characters a query string, a form decoder or a path treats specially. */
export const URL_SPECIAL = /[&+/()'"%#?=;,!*]/;

/** `count` entries spread evenly over `values` (all of them when there are fewer). */
export const spread = <T>(values: readonly T[], count: number): T[] =>
  values.length <= count
    ? [...values]
    : Array.from({ length: count }, (_, index) => values[Math.floor((index * values.length) / count)] as T);

/** A record's name and SKU, those it has. */
export const texts = (record: SurveyRecord): string[] =>
  [record.name, record.sku].filter((text): text is string => typeof text === 'string');

/** Case folded for A-Z only: what a search that folds only ASCII letters compares. */
const asciiFolded = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

function lengthForm(length: number): QForm {
  if (length <= 1) return 'one character';
  if (length <= 3) return '2-3 characters';
  return length <= 7 ? '4-7 characters' : '8+ characters';
}

/**
 * The forms of `q`, given the records it must find (`found`, ignoring case): a case form only when
 * some record it must find holds q in no other case than another one (so a case-sensitive search
 * would miss it), the SKU form when some record holds it in its SKU and not its name.
 */
export function qForms(q: string, found: readonly SurveyRecord[]): QForm[] {
  const forms: QForm[] = [lengthForm([...q].length)];
  if (/[^\p{ASCII}]/u.test(q)) forms.push('non-ASCII');
  // A record it must find holds q only with a non-ASCII letter in another case: folding A-Z misses it.
  const folded = asciiFolded(q);
  if (found.some((record) => !texts(record).some((text) => asciiFolded(text).includes(folded))))
    forms.push('non-ASCII in another case');
  const verbatimMissing = found.some((record) => !texts(record).some((text) => text.includes(q)));
  if (verbatimMissing && q !== q.toLowerCase() && q === q.toUpperCase()) forms.push('upper-cased');
  if (verbatimMissing && q !== q.toUpperCase() && q === q.toLowerCase()) forms.push('lower-cased');
  const lowered = q.toLowerCase();
  const inSkuOnly = (record: SurveyRecord) =>
    typeof record.sku === 'string' &&
    record.sku.toLowerCase().includes(lowered) &&
    !(typeof record.name === 'string' && record.name.toLowerCase().includes(lowered));
  if (found.some(inSkuOnly)) forms.push('only in a SKU');
  if (URL_SPECIAL.test(q)) forms.push('special character');
  // A quote is what a search that builds SQL text, or escapes for it, gets wrong.
  if (/['"]/.test(q)) forms.push('quote or apostrophe');
  if (q.includes('+')) forms.push('literal +');
  if (/%[0-9A-Fa-f]{2}/.test(q)) forms.push('literal %XX');
  // With text either side: a server that decodes the query before splitting it keeps what comes before.
  const inner = [...q].slice(1, -1);
  for (const char of QUERY_STRING_CHARS)
    if (inner.includes(char)) forms.push(`query-string character ${char}`);
  return forms;
}

/**
 * Whether a character's case maps irregularly: upper then lower case is not its lower case (ς, ı,
 * µ), or the other way round (the Kelvin sign), a mapping changes its length (ß is SS, İ is i̇, ﬁ
 * is FI), or it is a title-case letter (ǅ). The readings of "case-insensitive" part ways there.
 */
function isIrregularCase(char: string): boolean {
  const [lower, upper] = [char.toLowerCase(), char.toUpperCase()];
  return (
    upper.toLowerCase() !== lower ||
    lower.toUpperCase() !== upper ||
    lower.length !== char.length ||
    upper.length !== char.length ||
    /\p{Lt}/u.test(char)
  );
}

/** The characters of the texts whose case maps irregularly, each once, in the order they appear. */
export const irregularCaseChars = (texts: readonly string[]): string[] => [
  ...new Set(texts.flatMap((text) => [...text].filter(isIrregularCase))),
];

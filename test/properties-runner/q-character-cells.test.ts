/**
 * The q values and cells of the characters a query string gives meaning to and of the characters
 * whose case maps irregularly (lib/props/q-forms.ts, properties/arbitraries/search.ts,
 * q-form-cells.ts), and what the exact oracle requires of them (lib/checks/filter-rules.ts), on
 * menus built so that every answer is known.
 */
import { describe, expect, it } from 'vitest';
import { filterOracle } from '../../lib/checks/filter-rules.ts';
import { irregularCaseChars, qForms } from '../../lib/props/q-forms.ts';
import type { SurveyRecord, TenantSurvey } from '../../lib/props/survey.ts';
import { measuredList } from '../../properties/arbitraries/measured.ts';
import { qFormCells } from '../../properties/arbitraries/q-form-cells.ts';
import { searchSubstrings } from '../../properties/arbitraries/search.ts';

const ANY = { min: 1, max: 100 };

const menuOf = (names: readonly string[]): SurveyRecord[] =>
  names.map((name, index) => ({ id: `i${index}`, name, sku: `SK-${1000 + index}` }));

const tenant = (items: SurveyRecord[]): TenantSurvey => ({
  name: 'a',
  quiescent: true,
  lists: {
    orders: { records: [], end: 'complete', pages: 1 },
    menuItems: { records: items, end: 'complete', pages: 1 },
  },
  locations: [],
  categories: [],
  menuByLocation: {},
});

/** The cells of q on the menu: each label, with its example's q or why none. */
function cellsOf(names: readonly string[]): Map<string, string> {
  const list = measuredList(tenant(menuOf(names)), 'menuItems');
  const { cells, examples } = qFormCells(
    [list],
    () => ANY,
    () => 'bearer',
  );
  const queue = [...examples];
  return new Map(
    cells.map((cell) => [
      cell.label,
      cell.why === undefined ? String(queue.shift()?.query.q) : `why: ${cell.why}`,
    ]),
  );
}

const must = (q: string, names: readonly string[]) => [...filterOracle({ q }, menuOf(names) as never).must];
const may = (q: string, names: readonly string[]) => [...filterOracle({ q }, menuOf(names) as never).may];

describe('the query-string characters of q', () => {
  it('should name the form of each character between other text, not at either end', () => {
    expect(qForms('h & C', [])).toContain('query-string character &');
    expect(qForms('l = B', [])).toContain('query-string character =');
    expect(qForms('0% C', [])).toContain('query-string character %');
    for (const q of ['& Chips', 'Fish &', '&'])
      expect(
        qForms(q, []).filter((form) => form.startsWith('query-string')),
        q,
      ).toEqual([]);
  });

  it('should take pieces around each character the names hold, with text either side', () => {
    const values = searchSubstrings(
      menuOf(['Fish & Chips Large', 'Meal Deal = Burger', 'Combo #2: Wings; Dip']),
    );
    for (const char of ['&', '=', '#', ';']) {
      const pieces = values.filter((q) => [...q].slice(1, -1).includes(char));
      expect(pieces.length, char).toBeGreaterThan(0);
    }
    expect(values).toEqual(expect.arrayContaining(['h & Chip', 'l = Burg']));
  });

  it('should aim each cell at a q whose part before the character finds more, or say why none', () => {
    const cells = cellsOf(['Fish & Chips', 'Fish Soup', 'Meal Deal = Burger', 'Apfelstrudel Small']);
    // Cut at the &, "h " also finds Fish Soup; cut at the =, "l " also finds Apfelstrudel Small.
    expect(cells.get('q: query-string character &')).toMatch(/^h & C/);
    expect(cells.get('q: query-string character =')).toMatch(/^l = B/);
    expect(cells.get('q: query-string character #')).toBe(
      'why: no name or SKU of the data holds this character between other text',
    );
  });
});

describe('the irregular case characters of q', () => {
  it('should find the characters whose case mappings part ways, and only those', () => {
    expect(irregularCaseChars(['Weißwurst', 'Γύρος', 'Kısır', 'İskender', 'ǅem', 'ﬁsh', 'µg'])).toEqual([
      'ß',
      'ς',
      'ı',
      'İ',
      'ǅ',
      'ﬁ',
      'µ',
    ]);
    expect(irregularCaseChars(['Crème Brûlée', 'Jalapeño', 'Käsespätzle', 'ΣΑΛΑΤΑ', 'Margherita'])).toEqual(
      [],
    );
  });

  it('should take each word holding one as spelt, upper-cased and lower-cased', () => {
    const values = searchSubstrings(menuOf(['Weißwurst Small', 'Γύρος Πίτα', 'İskender Kebap']));
    expect(values).toEqual(
      expect.arrayContaining(['Weißwurst', 'WEISSWURST', 'weißwurst', 'Γύρος', 'ΓΎΡΟΣ', 'γύρος', 'İskender']),
    );
  });

  it('should cover each in the data case and in another case every reading finds', () => {
    const cells = cellsOf(['Weißwurst', 'Γύρος Πίτα', 'Kısır', 'İskender Kebap', 'Margherita']);
    expect(cells.get('q: irregular case character ß')).toMatch(/ß/);
    // Lower-cased, ß, ς and ı stay as they are; upper-cased, İ does.
    expect(cells.get('q: irregular case character ß in another case')).toMatch(/^weißw/);
    expect(cells.get('q: irregular case character ς in another case')).toMatch(/^γύρος/);
    expect(cells.get('q: irregular case character ı in another case')).toMatch(/^kısı/);
    expect(cells.get('q: irregular case character İ in another case')).toMatch(/^İSK/);
    expect(cells.has('q: irregular case character')).toBe(false);
  });

  it('should say why when the data has none, and when no other case is found every way', () => {
    expect(cellsOf(['Margherita']).get('q: irregular case character')).toBe(
      'why: the data has no such character in a name or SKU',
    );
    // ﬁ alone: FI and ﬁ are read apart by some readings, and no other case of "ﬁ" is ﬁ.
    expect(cellsOf(['ﬁ']).get('q: irregular case character ﬁ in another case')).toMatch(
      /^why: no other case/,
    );
  });
});

describe('the oracle on irregular case characters', () => {
  const names = ['Weißwurst', 'Γύρος Πίτα', 'Kısır', 'İskender Kebap', 'ΟΣΟ'];

  it('should require what every reading of case-insensitive finds, and what the data spells', () => {
    for (const q of ['Weiß', 'weißwurst', 'Γύρος', 'γύρος', 'Kısır', 'kısır'])
      expect(must(q, names), q).toHaveLength(1);
    expect(must('İSKENDER', names)).toEqual(['i3']);
    // Spelt as the data spells it, even where lower case alone reads it otherwise (final sigma).
    expect(must('ΟΣ', names)).toEqual(['i4']);
  });

  it('should allow either outcome where the readings part ways (ß or SS, ς or σ, ı or I, İ or i)', () => {
    for (const [q, id] of [
      ['WEISS', 'i0'],
      ['weiss', 'i0'],
      ['ΓΎΡΟΣ', 'i1'],
      ['γύροσ', 'i1'],
      ['KISIR', 'i2'],
      ['kisir', 'i2'],
      ['iskender', 'i3'],
    ] as const) {
      expect(must(q, names), q).toEqual([]);
      expect(may(q, names), q).toContain(id);
    }
  });
});

/**
 * Judges k6 threshold expressions against metric values computed outside k6 (the merged points
 * of a segmented run: each segment judged only its own share, so its verdict cannot stand).
 */
export type Verdict = { ok: boolean; actual: number } | { ok: null; actual: null };

const PARTS =
  /^(avg|min|max|med|count|rate|value|p\((\d{1,2}(?:\.\d+)?)\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)$/;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/**
 * Evaluates one expression; `ok: null` when the metric has no value for it (no samples), which
 * k6 itself counts as a pass.
 */
export function evaluateThreshold(expression: string, values: Record<string, number> | undefined): Verdict {
  const match = PARTS.exec(expression.trim());
  if (!match) throw new Error(`"${expression}" is not a threshold expression`);
  const [, aggregation = '', , operator = '', bound = ''] = match;
  const actual = values?.[aggregation];
  if (actual === undefined || Number.isNaN(actual)) return { ok: null, actual: null };
  return { ok: COMPARE[operator]?.(actual, Number(bound)) ?? false, actual };
}

/** The percentiles the expressions ask for, e.g. [95, 99], so a merge computes them. */
export function percentilesIn(expressions: readonly string[]): number[] {
  const wanted = new Set<number>();
  for (const expression of expressions) {
    const match = /^p\((\d{1,2}(?:\.\d+)?)\)/.exec(expression.trim());
    if (match) wanted.add(Number(match[1]));
  }
  return [...wanted];
}

/** Ids in `a` that are not in `b`, at most `max` of them (for messages). */
export function missingFrom(a: ReadonlySet<string>, b: ReadonlySet<string>, max = 5): string[] {
  const missing: string[] = [];
  for (const id of a) {
    if (!b.has(id)) missing.push(id);
    if (missing.length >= max) break;
  }
  return missing;
}

/** The first walk of `walks` whose ids differ from the first walk's, with (some of) the ids only in each. */
export function firstDifference<Walk extends { ids: ReadonlySet<string> }>(
  walks: readonly Walk[],
): { first: Walk; other: Walk; lost: string[]; gained: string[] } | null {
  const [first, ...rest] = walks;
  if (first === undefined) return null;
  for (const other of rest) {
    const lost = missingFrom(first.ids, other.ids);
    const gained = missingFrom(other.ids, first.ids);
    if (lost.length > 0 || gained.length > 0) return { first, other, lost, gained };
  }
  return null;
}

/** Ids in `a` that are not in `b`, at most `max` of them (for messages). */
export function missingFrom(a: ReadonlySet<string>, b: ReadonlySet<string>, max = 5): string[] {
  const missing: string[] = [];
  for (const id of a) {
    if (!b.has(id)) missing.push(id);
    if (missing.length >= max) break;
  }
  return missing;
}

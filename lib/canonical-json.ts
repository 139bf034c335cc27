/**
 * JSON with every object's keys sorted, at every depth: two values that differ only in key order
 * (which JSON does not mean anything by) give the same text.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * The first field both texts of a record carry with different values; null when none does. A
 * field one of them omits is not compared: spec §2 lets objects carry further fields, and says
 * nothing of each answer carrying the same ones (a field's value, where shown, is the record's).
 */
export function differingField(text: string, again: string): string | null {
  const [one, other] = [text, again].map((json) => JSON.parse(json) as Record<string, unknown>);
  if (typeof one !== 'object' || one === null || typeof other !== 'object' || other === null) return null;
  for (const field of Object.keys(one))
    if (field in other && JSON.stringify(one[field]) !== JSON.stringify(other[field])) return field;
  return null;
}

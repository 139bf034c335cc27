/** Bash words for the scripts the harness writes: whatever text they hold, bash reads it back unchanged. */

/** `text` single-quoted: bash expands nothing in it. */
export const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** One bash word: literal text single-quoted, `${VAR}` references double-quoted so they expand. */
const VARIABLE_REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

export function shellWord(text: string): string {
  return (
    text
      .split(/(\$\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .filter((part) => part.length > 0)
      // Only a whole reference expands; literal text that merely starts with "${" stays literal.
      .map((part) => (VARIABLE_REFERENCE.test(part) ? `"${part}"` : singleQuoted(part)))
      .join('')
  );
}

/**
 * Every piece of run data reaches the HTML through one of these: text is escaped, links are
 * checked, and embedded JSON or code cannot close the element it sits in.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values. */
export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/**
 * A link to a file inside the run directory, or null: relative, no `..`, no scheme, so a crafted
 * path cannot become `javascript:` or point outside the report.
 */
export function runFileHref(path: string): string | null {
  const safe = /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(path) && !path.split('/').includes('..');
  return safe ? path.split('/').map(encodeURIComponent).join('/') : null;
}

/** JSON for a `<script type="application/json">`: `<` escaped, so `</script>` cannot appear. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Library code or CSS inlined in a `<script>`/`<style>`: it must not end its element early. */
export const inlineAsset = (code: string, element: 'script' | 'style'): string =>
  code.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');

export const formatMs = (ms: number): string => `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)} ms`;

export const formatPercent = (fraction: number): string =>
  `${(fraction * 100).toFixed(fraction < 0.1 ? 2 : 1)} %`;

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

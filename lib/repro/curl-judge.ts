/**
 * The end of a curl reproduction that judges the answers (with jq) after lib/repro/curl.ts has
 * sent the requests and saved each answer as $work/N.json: duplicate ids across the walk, page
 * size, filters, hasMore against nextPageToken, the exact empty result, a repeated token. Exit 1
 * when the bug shows, 0 when every answer passes, 2 when jq is missing.
 */
import type { Expectations } from './expectations.ts';
import { groupSteps, type StepOwner } from './step-walks.ts';

const quoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** jq filters that print the ids of the records on a page that break a filter. */
function filterRules(expect: Expectations): [string, string][] {
  const rules: [string, string][] = Object.entries(expect.equal).map(([field, value]) => [
    `${field}=${value}`,
    `select(has(${JSON.stringify(field)}) and .${field} != ${JSON.stringify(value)})`,
  ]);
  if (expect.activeStatuses)
    rules.push([
      'activeOnly=true',
      `select(.status as $s | ${JSON.stringify(expect.activeStatuses)} | any(. == $s) | not)`,
    ]);
  if (expect.search !== undefined) {
    const needle = JSON.stringify(expect.search.toLowerCase());
    rules.push([
      `q=${expect.search}`,
      `select(((.name // "" | ascii_downcase | contains(${needle})) or (.sku // "" | ascii_downcase | contains(${needle}))) | not)`,
    ]);
  }
  return rules;
}

function pageChecks(expect: Expectations): string[] {
  const lines = [
    `  size="$(jq '.data | length' "$f")"`,
    `  if [ "$size" -gt ${expect.limit} ]; then bug "step $n: $size records for limit=${expect.limit}"; fi`,
    `  if jq -e '(.pagination.hasMore == true and (.pagination.nextPageToken | type) != "string") or (.pagination.hasMore == false and .pagination.nextPageToken != null)' "$f" >/dev/null; then bug "step $n: hasMore and nextPageToken disagree"; fi`,
    `  if jq -e '(.data | length) == 0 and .pagination != {"nextPageToken": null, "hasMore": false}' "$f" >/dev/null; then bug "step $n: an empty page without {nextPageToken: null, hasMore: false}"; fi`,
  ];
  for (const [name, select] of filterRules(expect))
    lines.push(
      `  off="$(jq -r ${quoted(`[.data[] | ${select} | .id | tostring] | .[0:3] | join(" ")`)} "$f")"`,
      `  if [ -n "$off" ]; then bug "step $n: records that do not satisfy "${quoted(`${name}: `)}"$off"; fi`,
    );
  return lines;
}

/** Per walk: no id twice and no token twice; across tenants: no id for two (spec §5). */
function walkChecks(owners: readonly StepOwner[]): string[] {
  const lines: string[] = [];
  for (const steps of groupSteps(owners, (owner) => String(owner.walk))) {
    const list = steps.join(' ');
    const label = `the walk from step ${steps[0] ?? 0}`;
    lines.push(
      `twice="$(ids ${list} | sort | uniq -d | tr '\\n' ' ')"`,
      `if [ -n "$twice" ]; then bug ${quoted(`ids returned twice in ${label}: `)}"$twice"; fi`,
      `tokens="$(tokens ${list} | sort | uniq -d)"`,
      `if [ -n "$tokens" ]; then bug ${quoted(`a nextPageToken came back twice in ${label}: it cycles`)}; fi`,
    );
  }
  const byTenant = groupSteps(owners, (owner) => owner.tenant);
  if (byTenant.length > 1) {
    const perTenant = byTenant.map((steps) => `ids ${steps.join(' ')} | sort -u;`).join(' ');
    lines.push(
      `shared="$({ ${perTenant} } | sort | uniq -d | tr '\\n' ' ')"`,
      `if [ -n "$shared" ]; then bug "records served to more than one tenant's key: $shared"; fi`,
    );
  }
  return lines;
}

/** `owners[n]`: the walk and tenant of step n (step-walks.ts). */
export function curlJudge(expect: Expectations, owners: readonly StepOwner[]): string {
  const steps = owners.map((_, index) => index).join(' ');
  return [
    '',
    '# Judge the answers: the contract rules every page of a walk keeps (needs jq).',
    'if ! command -v jq >/dev/null 2>&1; then echo "install jq so that this script can judge the answers"; exit 2; fi',
    'found=0',
    'bug() { echo "BUG: $*"; found=1; }',
    'pages=" "',
    `for n in ${steps}; do`,
    `  if jq -e '(.data | type) == "array" and (.pagination | type) == "object"' "$work/$n.json" >/dev/null 2>&1; then pages="$pages$n "; fi`,
    'done',
    '# ids N...: the ids on those steps that answered a page; tokens N...: their nextPageTokens.',
    `ids() { for n in "$@"; do case "$pages" in *" $n "*) jq -r '.data[].id | tostring' "$work/$n.json" ;; esac; done; }`,
    `tokens() { for n in "$@"; do case "$pages" in *" $n "*) jq -r '.pagination.nextPageToken // empty' "$work/$n.json" ;; esac; done; }`,
    'for n in $pages; do',
    '  f="$work/$n.json"',
    ...pageChecks(expect),
    'done',
    ...walkChecks(owners),
    'if [ "$found" -eq 1 ]; then echo "REPRODUCED: the answers break the contract (the BUG line above says how)"; exit 1; fi',
    'echo "not reproduced: every answer kept the contract rules checked here"',
    '',
  ].join('\n');
}

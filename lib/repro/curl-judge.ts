/**
 * The end of a curl reproduction that judges the answers (with jq) after lib/repro/curl.ts has
 * sent the requests and saved each answer as $work/N.json and its status and content type as
 * $work/N.status: the Error shape of every error answer, each page's size against its limit, its
 * filters (the rules filter-respected judges, lib/checks/filter-rules.ts), hasMore against
 * nextPageToken, the exact empty result, duplicate ids and repeated tokens within a walk, ids served
 * to two tenants, every answer's Date header and first bytes and no key but its request's own in it,
 * a write never taken, a coded body against the same request's plain one (curl-coding.ts), a HEAD's
 * Content-Length and Content-Type against GET's answers to the same request (curl-head.ts), no page
 * a shared cache may hand to
 * another requester and no 429 a cache may store (curl-cache.ts). Exit 1 when the bug shows, alone or under load (curl-load.ts), 0 when every answer
 * passes both ways and these rules can see the failure, 2 (cannot judge) when they cannot: a check
 * that compares walks, say.
 */
import { LIMITS } from '../contract/endpoints.ts';
import { filterRules, type FilterRule } from '../checks/filter-rules.ts';
import { SINGLE_VALUED_FIELDS } from '../checks/single-valued-fields.ts';
import { limitOf } from '../checks/types.ts';
import { UNKNOWN_METHOD, WRITE_METHODS } from '../http/call.ts';
import { MEDIA_TYPE_ERE } from '../http/media-type.ts';
import { CACHE_RULES } from './curl-cache.ts';
import { codingRules } from './curl-coding.ts';
import { headRules } from './curl-head.ts';
import type { ScriptTarget } from './script-target.ts';
import { groupSteps, stepOwners, type ReproStep, type StepOwner } from './step-walks.ts';

interface ReproFailure {
  check: string;
  message: string;
  expected: string;
  received: string;
}

export interface ReproInput {
  title: string;
  /** The harness command that replays the same run (seed and path). */
  replay: string;
  /** Where the script finds its target when it runs (script-target.ts). */
  target: ScriptTarget;
  apiKeyHeader: string;
  steps: readonly ReproStep[];
  failures: readonly ReproFailure[];
  /** Every tenant of the target: under load their full keys ask the steps' questions too. */
  tenants?: readonly string[];
  /** The target's load.maxRps: the load phase stays under it (its target file's wins). */
  maxRps?: number;
  /** The tenants whose data holds still: a coded page is compared with the plain one record for record. */
  quiescent?: readonly string[];
}
import { singleQuoted as quoted } from './shell-words.ts';

/** Checks whose failure shows in the answers these rules judge, whatever their statuses. */
const JUDGED_CHECKS: ReadonlySet<string> = new Set([
  'head-fields-like-get',
  'error-body-shape',
  'page-size-within-limit',
  'filter-respected',
  'pagination-consistent',
  'empty-result-exact',
  'no-duplicate-ids',
  'walk-terminates',
  'tenant-isolation',
  'tenants-disjoint',
  'date-header-sent',
  'single-valued-fields',
  'no-byte-order-mark',
  'key-not-disclosed',
  'other-method-refused',
  'content-coding-decoded',
  'not-shared-cacheable',
  'throttle-not-storable',
]);

const json = (value: unknown): string => JSON.stringify(value);
const isAscii = (text: string): boolean => /^[\x20-\x7e]*$/.test(text);

/**
 * A jq filter selecting the records a rule drops, as ruleHolds judges them; undefined when jq cannot
 * tell (a q outside printable ASCII: the check's Unicode case readings are not jq's).
 */
function dropsRecord(rule: FilterRule): string | undefined {
  const [value] = rule.values;
  switch (rule.kind) {
    case 'equals':
      return `select(.${rule.field} != ${json(value)})`;
    case 'oneOf':
      return `select((.${rule.field} | tostring) as $s | any(${json(rule.values)}[]; . == $s) | not)`;
    case 'absentOrEquals':
      return `select(has(${json(rule.field)}) and .${rule.field} != ${json(value)})`;
    case 'containsFold': {
      if (!isAscii(value)) return undefined;
      const needles = [...new Set([value, value.trim()].map((text) => text.toLowerCase()))];
      const found = needles.map((needle) => `contains(${json(needle)})`).join(' or ');
      // A non-ASCII name may match under a case reading jq does not have: not judged.
      const misses = `type != "string" or ((explode | all(. < 128)) and ((ascii_downcase | ${found}) | not))`;
      return `select(all(${rule.fields.map((field) => `.${field}`).join(', ')}; ${misses}))`;
    }
  }
}

/** The rules of the pages of steps sent with this query: their size, then their filters. */
function pageChecks(step: ReproStep): string[] {
  const limit = limitOf(step.call, LIMITS.default);
  const lines = Number.isFinite(limit)
    ? [
        `  size="$(jq '.data | length' "$f")"`,
        `  if [ "$size" -gt ${Math.floor(limit)} ]; then bug "step $n: $size records for limit=${limit}"; fi`,
      ]
    : [];
  lines.push(
    `  if jq -e '(.pagination.hasMore == true and (.pagination.nextPageToken | type) != "string") or (.pagination.hasMore == false and .pagination.nextPageToken != null)' "$f" >/dev/null; then bug "step $n: hasMore and nextPageToken disagree"; fi`,
    `  if jq -e '(.data | length) == 0 and .pagination != {"nextPageToken": null, "hasMore": false}' "$f" >/dev/null; then bug "step $n: an empty page without {nextPageToken: null, hasMore: false}"; fi`,
  );
  for (const rule of filterRules(step.call.query)) {
    const drops = dropsRecord(rule);
    if (drops === undefined) continue;
    lines.push(
      `  off="$(jq -r ${quoted(`[.data[] | objects | ${drops} | .id | tostring] | .[0:3] | join(" ")`)} "$f")"`,
      `  if [ -n "$off" ]; then bug "step $n: records that do not satisfy "${quoted(`${rule.label}: `)}"$off"; fi`,
    );
  }
  return lines;
}

/** Steps grouped by the query their pages are judged with (limit and filters). */
function byQuery(steps: readonly ReproStep[]): [ReproStep, number[]][] {
  const groups = new Map<string, [ReproStep, number[]]>();
  steps.forEach((step, index) => {
    const key = json({ ...step.call.query, cursor: undefined });
    const group = groups.get(key);
    if (group) group[1].push(index);
    else groups.set(key, [step, [index]]);
  });
  return [...groups.values()];
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

/**
 * spec §2 and §7: an error answer is JSON in the Error shape, its statusCode the HTTP status. Not a
 * HEAD's: it has no content, and may leave out its Content-Type (RFC 9110 §9.3.2).
 */
const ERROR_SHAPE = [
  // The media type application/json, parameters allowed (lib/http/response.ts isJsonMediaType).
  `json_type='^[[:space:]]*application/json[[:space:]]*(;|$)'`,
  `error_shape='type == "object" and ((.message | type) == "string" or ((.message | type) == "array" and all(.message[]; type == "string"))) and .statusCode == $status and ((has("error") | not) or (.error | type) == "string")'`,
  'for n in $all; do',
  '  read -r status ctype <"$work/$n.status"',
  '  if [ "$status" -lt 400 ] || [[ "$heads" == *" $n "* ]] || [[ "$unknown" == *" $n "* ]]; then continue; fi',
  // A body curl could not decode is judged by its coding (curl-coding.ts), not as an Error.
  '  if [ -f "$work/$n.undecodable" ]; then continue; fi',
  // Another method's refusal is an Error only with a status spec §7 names (a 405 need not be one).
  '  if [[ "$others" == *" $n "* ]] && [[ " 400 401 403 404 429 " != *" $status "* ]]; then continue; fi',
  '  if ! [[ "${ctype,,}" =~ $json_type ]]; then bug "step $n: HTTP $status answered with ${ctype:-no content type}, not JSON"',
  '  elif ! jq -e --argjson status "$status" "$error_shape" "$work/$n.json" >/dev/null 2>&1; then bug "step $n: HTTP $status without the Error shape {message, statusCode: $status, error?}"; fi',
  'done',
];

/**
 * Every answer's framing (lib/paging/answer-checks.ts): no body that starts with the bytes EF BB BF
 * (RFC 8259 §8.1), read from the saved bytes, not decoded; a Date header on every 2xx, 3xx and 4xx
 * (RFC 9110 §6.6.1) whose value starts as an HTTP-date does, with a day name; no single-valued
 * field on two lines (RFC 9110 §5.3), each Content-Type line one media type, read as
 * lib/http/media-type.ts reads it (RFC 9110 §8.3.1, RFC 9110 §5.6.6: no comma, and no value with a
 * character no token holds, outside a quoted string), a Retry-After sent on one line that is
 * delay-seconds or an IMF-fixdate (RFC 9110 §10.2.3), and WWW-Authenticate on all of the steps' 401s
 * or on none (RFC 9110 §15.5.2). Not on the answer to a method no server knows: the HTTP parser
 * refuses it before the API's code runs.
 */
const FRAMING = [
  `media_type=${quoted(MEDIA_TYPE_ERE)}`,
  // delay-seconds or an IMF-fixdate (lib/checks/retry-after-valid.ts).
  `retry_after_value='^([0-9]+|(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT)$'`,
  'challenged=""',
  'unchallenged=""',
  'for n in $all; do',
  '  if [[ "$unknown" == *" $n "* ]]; then continue; fi',
  '  read -r status ctype <"$work/$n.status"',
  `  if [ ! -f "$work/$n.undecodable" ] && [ "$(od -An -tx1 -N3 "$work/$n.json" | tr -d ' \n')" = efbbbf ]; then bug "step $n: HTTP $status body starts with a byte order mark (EF BB BF)"; fi`,
  `  if [ "$status" -ge 200 ] && [ "$status" -lt 500 ] && ! grep -qiE '^date:[[:space:]]*(mon|tue|wed|thu|fri|sat|sun)' "$work/$n.headers"; then bug "step $n: HTTP $status without a Date header that is an HTTP-date"; fi`,
  `  for f in ${SINGLE_VALUED_FIELDS.join(' ')}; do if [ "$(grep -ciE "^$f:" "$work/$n.headers")" -gt 1 ]; then bug "step $n: HTTP $status sent $f on more than one field line (RFC 9110 §5.3)"; fi; done`,
  `  while IFS= read -r ctype_line; do if ! [[ "$ctype_line" =~ $media_type ]]; then bug "step $n: HTTP $status sent a Content-Type that is not one media type (RFC 9110 §8.3.1, RFC 9110 §5.6.6)"; fi; done < <(grep -iE '^content-type:' "$work/$n.headers" | cut -d: -f2- | tr -d '\r')`,
  `  if [ "$(grep -ciE '^retry-after:' "$work/$n.headers")" = 1 ]; then`,
  `    retry_after="$(grep -iE '^retry-after:' "$work/$n.headers" | cut -d: -f2- | tr -d '\\r' | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//')"`,
  '    if ! [[ "$retry_after" =~ $retry_after_value ]]; then bug "step $n: HTTP $status sent a Retry-After that is neither delay-seconds nor an HTTP-date (RFC 9110 §10.2.3): ${retry_after:0:60}"; fi',
  '  fi',
  '  if [ "$status" = 401 ]; then if grep -qiE \'^www-authenticate:\' "$work/$n.headers"; then challenged="$challenged $n"; else unchallenged="$unchallenged $n"; fi; fi',
  'done',
  // challenge-on-every-401 among the steps' own 401s: a script of one 401 cannot see it.
  'if [ -n "$challenged" ] && [ -n "$unchallenged" ]; then bug "step(s)$unchallenged: HTTP 401 without WWW-Authenticate, though the 401 of step(s)$challenged carried one (RFC 9110 §15.5.2)"; fi',
];

/** The script's key variables, and the ones each step sent, space-separated ('-': none). */
interface KeyNames {
  all: readonly string[];
  sent: readonly string[];
}

/**
 * No answer holds a key of the script's but the one its request sent (key-not-disclosed): each
 * key variable that is set, looked for whole in each step's saved body and headers, and named,
 * never printed. A piece of a key is the harness's to find (lib/checks/key-not-disclosed.ts).
 */
function keyRules({ all, sent }: KeyNames): string[] {
  if (all.length === 0) return [];
  return [
    `declare -A sent_key=(${sent.map((name, index) => `[${index}]=${quoted(name)}`).join(' ')})`,
    'for n in $all; do',
    `  for v in ${all.join(' ')}; do`,
    '    if [[ " ${sent_key[$n]:-} " == *" $v "* ]] || [ -z "${!v:-}" ]; then continue; fi',
    '    if cat "$work/$n.json" "$work/$n.headers" 2>/dev/null | grep -qF -- "${!v}"; then bug "step $n: the answer holds the key in $v, which its request did not send (spec §5)"; fi',
    '  done',
    'done',
  ];
}

/**
 * Another method than GET (http.other-methods, lib/checks/other-method-refused.ts): never a 5xx but
 * 501, a write method never 2xx or 3xx (spec §1: read-only), and a 405 with an Allow header that
 * lists GET.
 */
const OTHER_METHODS_RULES = [
  'for n in $others; do',
  '  read -r status ctype <"$work/$n.status"',
  '  if [[ "$writes" == *" $n "* ]] && [ "$status" -ge 200 ] && [ "$status" -lt 400 ]; then bug "step $n: a write method answered HTTP $status: the public API is read-only (spec §1), yet the write was taken"; fi',
  '  if [ "$status" -ge 500 ] && [ "$status" != 501 ]; then bug "step $n: another method than GET answered HTTP $status"; fi',
  `  if [ "$status" = 405 ] && ! grep -iE '^allow:' "$work/$n.headers" | grep -qw GET; then bug "step $n: HTTP 405 without an Allow header listing GET"; fi`,
  'done',
];

/**
 * What the script says when no rule broke alone: it tries under load (curl-load.ts), then says
 * reproduced (exit 1) or not reproduced (exit 0); or cannot judge (exit 2) a failure these rules
 * cannot see.
 */
function noBugVerdict(input: ReproInput): string[] {
  const checks = input.failures.map((failure) => failure.check);
  const byStatus = input.steps.some((step) => step.showsBug);
  if (byStatus || checks.some((check) => JUDGED_CHECKS.has(check)))
    return [
      'alone="every answer kept the contract rules checked here"',
      'if [ "$expected" -gt 0 ]; then alone="$shown of $expected steps answered the status they answered when it failed, and $alone"; fi',
      'if under_load; then echo "REPRODUCED: under load ($load_said): the answers break the contract (the BUG line above says how)"; exit 1; fi',
      // A step throttled when the bug showed proves nothing unthrottled (as the property's run would not).
      'if [ -n "$unthrottled" ]; then echo "cannot judge: step(s) $(echo $unthrottled) answered 429 when the bug showed, but were never throttled now ($load_said): the target\'s limit was not reached; replay it with the harness: "' +
        quoted(input.replay) +
        '; exit 2; fi',
      'echo "not reproduced: $alone; nor under load ($load_said)"',
      'exit 0',
    ];
  const cannot = `cannot judge: ${checks.join(', ') || 'this failure'} does not show in the status codes or the rules this script checks, which every answer kept; replay it with the harness: ${input.replay}`;
  return [`echo ${quoted(cannot)}`, 'exit 2'];
}

/** The steps whose method or key header `which` picks, as a bash word: ' 1 4 '. */
function stepSet(steps: readonly ReproStep[], which: (step: ReproStep) => boolean): string {
  const indices = steps.flatMap((step, index) => (which(step) ? [index] : []));
  return quoted(` ${indices.join(' ')} `);
}

/**
 * Bash variables naming the steps the rules treat apart: HEADs, other methods, writes, unknown
 * methods, and those sent with the key header (not Authorization).
 */
const stepSets = (steps: readonly ReproStep[]): string[] => [
  `all=${quoted(steps.map((_, index) => index).join(' '))}`,
  `heads=${stepSet(steps, (step) => step.call.method === 'HEAD')}`,
  `others=${stepSet(steps, ({ call }) => call.method !== undefined && call.method !== 'GET' && call.method !== 'HEAD')}`,
  `writes=${stepSet(steps, ({ call }) => WRITE_METHODS.has(call.method ?? 'GET'))}`,
  `unknown=${stepSet(steps, (step) => step.call.method === UNKNOWN_METHOD)}`,
  `keyed=${stepSet(steps, (step) => step.call.credential.scheme === 'serviceHeader')}`,
];

/**
 * A step the script could not judge (a coding this curl cannot decode) is said in the verdict, which
 * is then "cannot judge", never "not reproduced".
 */
const unjudgedVerdict = (input: ReproInput): string =>
  `if [ -n "$unjudged" ]; then echo "cannot judge: not judged by this script: $unjudged; the other answers kept the contract rules checked here; replay it with the harness: "${quoted(input.replay)}; exit 2; fi`;

/** The judgement: rules on every answer, then the verdict (it ends the script). */
export function curlJudge(input: ReproInput, keys: KeyNames): string {
  const pages = byQuery(input.steps).flatMap(([step, indices]) => [
    `for n in $(paged ${indices.join(' ')}); do`,
    '  f="$work/$n.json"',
    ...pageChecks(step),
    'done',
  ]);
  return [
    '',
    '# Judge the answers: the contract rules every answer keeps.',
    'found=0',
    'bug() { echo "BUG: $*"; found=1; }',
    'unjudged=""',
    'unjudged() { unjudged="${unjudged:+$unjudged; }$*"; }',
    ...stepSets(input.steps),
    'pages=" "',
    'for n in $all; do',
    // Only a GET answers a page: another method's answer (an OPTIONS' empty 204) is judged apart.
    '  if [[ "$others" == *" $n "* ]]; then continue; fi',
    `  if jq -e '(.data | type) == "array" and (.pagination | type) == "object"' "$work/$n.json" >/dev/null 2>&1; then pages="$pages$n "; fi`,
    'done',
    '# paged N...: those steps that answered a page; ids N...: their ids; tokens N...: their nextPageTokens.',
    'paged() { for n in "$@"; do case "$pages" in *" $n "*) echo "$n" ;; esac; done; }',
    `ids() { for n in $(paged "$@"); do jq -r '.data[] | objects | .id | tostring' "$work/$n.json"; done; }`,
    `tokens() { for n in $(paged "$@"); do jq -r '.pagination.nextPageToken // empty' "$work/$n.json"; done; }`,
    ...ERROR_SHAPE,
    ...FRAMING,
    ...keyRules(keys),
    ...OTHER_METHODS_RULES,
    ...codingRules(input.steps, input.quiescent ?? []),
    ...headRules(input.steps, input.quiescent ?? []),
    ...CACHE_RULES,
    ...pages,
    ...walkChecks(stepOwners(input.steps)),
    'if [ "$found" -eq 1 ]; then echo "REPRODUCED: the answers break the contract (the BUG line above says how)"; exit 1; fi',
    unjudgedVerdict(input),
    ...noBugVerdict(input),
    '',
  ].join('\n');
}

/**
 * The second half of a curl reproduction: when the answers alone keep every rule, the bug may need
 * the traffic it had when the harness found it. A response cache keyed without the tenant, an
 * admission cached per tenant, a scope check that fails open when busy, a connection pool that
 * answers 503: none shows to one request at a time. So every step is asked again, several copies
 * at once (curl --parallel), each beside the same question asked with every tenant's full key (the
 * neighbours a busy system has), for a few rounds; a step that was throttled (429) when it failed
 * is sent until it is throttled again. The answers are judged on what load cannot excuse: the
 * status that was the bug, a 5xx, an error outside the Error shape, a record served to two
 * tenants' keys. A HEAD step is asked as HEAD, by its copies and its neighbours alike: its answers
 * have no content (RFC 9110 §9.3.2), so they are judged on their status only. A step sent with an
 * Accept-Encoding is decoded by curl, as alone (curl-coding.ts). Bounded in rounds,
 * requests (the target's load.maxRps) and seconds; concurrency only where load may go (a loopback
 * target, or one whose file allows it), elsewhere one at a time.
 */
import { callPath, type ApiCall, type Method } from '../http/call.ts';
import type { Target } from '../target/target.ts';
import type { KeyVariable } from './script-target.ts';
import { placedUrlSuffix } from './key-place-shell.ts';
import { shellWord, singleQuoted } from './shell-words.ts';
import { stepOwners } from './step-walks.ts';
import type { ReproStep } from './step-walks.ts';

/** Rounds, copies of each step a round, requests in flight, seconds: the defaults of a script. */
const LOAD_DEFAULTS = { rounds: 3, copies: 4, parallel: 8, seconds: 20 } as const;
/** A step throttled when it failed is sent at most this long a round to be throttled again. */
const THROTTLE_SECONDS = 5;

/**
 * Bash lines setting url_N: the step's URL, with the cursor the alone replay received, and a key
 * the step sent in its query (key-place-shell.ts) from its reference in `keys`.
 */
function urls(steps: readonly ReproStep[], keys: readonly string[]): string[] {
  return steps.map((step, index) => {
    const key = (path: string) =>
      placedUrlSuffix(step.call.credential, keys[index] ?? '', path.includes('?') ? '&' : '?');
    if (step.cursorFrom === undefined) {
      const path = callPath(step.call);
      return `url_${index}=${shellWord(`\${BASE_URL}${path}`)}${key(path)}`;
    }
    const query = Object.fromEntries(Object.entries(step.call.query).filter(([name]) => name !== 'cursor'));
    const base = callPath({ ...step.call, query });
    return `url_${index}=${shellWord(`\${BASE_URL}${base}${base.includes('?') ? '&' : '?'}cursor=`)}"$(form "\${cursor_${step.cursorFrom}:-}")"${key('?')}`;
  });
}

/** The method a step is sent with. */
const methodOf = (step: ReproStep): Method => step.call.method ?? 'GET';

/**
 * Per step, `own_N`: one copy of the step itself, with its method and the header lines it was sent
 * with alone (a key in another case included), into the round's config.
 */
function ownFunctions(steps: readonly ReproStep[], headers: readonly (readonly string[])[]): string[] {
  return steps.map((step, index) => {
    const lines = (headers[index] ?? []).map(shellWord).join(' ');
    return `own_${index}() { entry "$load_dir/$round.${index}.own.$j.json" "$url_${index}" ${methodOf(step)} ${lines}; }`;
  });
}

/**
 * The first page of each list the steps read, at each limit they read it with, without filters:
 * what every tenant's walk or survey asks, and so where a response shared across tenants shows even
 * when the steps' own questions (a tenant's own location, say) have no other taker. Bash lines
 * setting plain_K, and the `neighbours_of` line of each.
 */
function plainQuestions(steps: readonly ReproStep[]): { urls: string[]; asks: string[] } {
  const seen = new Map<string, string>();
  for (const step of steps) {
    const limit = step.call.query.limit;
    const plain: ApiCall = { ...step.call, query: limit === undefined ? {} : { limit } };
    const path = callPath(plain);
    if (path !== callPath(step.call) && !seen.has(path)) seen.set(path, step.call.credential.scheme);
  }
  const plain = [...seen];
  return {
    urls: plain.map(([path], index) => `plain_${index}=${shellWord(`\${BASE_URL}${path}`)}`),
    asks: plain.map(([, scheme], index) => `    neighbours_of p${index} "$plain_${index}" ${scheme}`),
  };
}

/** Bash associative-array entries, `[key]=value`, values single-quoted. */
const entries = (pairs: readonly (readonly [string | number, string | number])[]): string =>
  pairs.map(([key, value]) => `[${key}]=${singleQuoted(String(value))}`).join(' ');

export interface LoadPhaseInput {
  /** The placeholder target whose keys are `${KEY_…}` references (curl.ts). */
  target: Target;
  steps: readonly ReproStep[];
  /** Per step, the header lines it was sent with alone (curl.ts: `name: value`, keys as references). */
  headers: readonly (readonly string[])[];
  /** Per step, the `${KEY_…}` reference of its key. */
  keys: readonly string[];
  /** Every tenant's full key: the neighbours. */
  neighbours: readonly KeyVariable[];
  /** The target's load.maxRps when the script was written; its file's wins when it runs. */
  maxRps: number;
}

/** The bash that defines `under_load`: returns 0 when the bug showed (BUG lines printed), else 1. */
export function loadPhase(input: LoadPhaseInput): string {
  const { steps } = input;
  const owners = stepOwners(steps);
  const bugStatuses = steps.flatMap((step, index) => (step.showsBug ? [[index, step.status] as const] : []));
  const throttled = steps.flatMap((step, index) => (step.status === 429 ? [index] : []));
  const plain = plainQuestions(steps);
  return [
    '',
    '# ---- Under load: when the answers alone keep every rule (lib/repro/curl-load.ts) ----',
    `LOAD_ROUNDS="\${LOAD_ROUNDS:-${LOAD_DEFAULTS.rounds}}"`,
    `LOAD_COPIES="\${LOAD_COPIES:-${LOAD_DEFAULTS.copies}}"`,
    `LOAD_PARALLEL="\${LOAD_PARALLEL:-${LOAD_DEFAULTS.parallel}}"`,
    `LOAD_SECONDS="\${LOAD_SECONDS:-${LOAD_DEFAULTS.seconds}}"`,
    'for setting in LOAD_ROUNDS LOAD_COPIES LOAD_PARALLEL LOAD_SECONDS; do',
    '  if ! [[ "${!setting}" =~ ^[1-9][0-9]*$ ]]; then echo "cannot judge: $setting must be a positive whole number, not ${!setting}" >&2; exit 2; fi',
    'done',
    `neighbours=${singleQuoted(input.neighbours.map((key) => key.name).join(' '))}`,
    `declare -A tenant_of=(${entries(input.neighbours.map((key) => [key.name, key.tenant]))})`,
    `declare -A step_tenant=(${entries(owners.map((owner, index) => [index, owner.tenant]))})`,
    `declare -A bug_status=(${entries(bugStatuses)})`,
    `declare -A method_of=(${entries(steps.map((step, index) => [index, methodOf(step)]))})`,
    `throttled_steps=${singleQuoted(throttled.join(' '))}`,
    `api_key_header=${singleQuoted(input.target.apiKeyHeader.toLowerCase())}`,
    LOAD_FUNCTIONS,
    ...ownFunctions(steps, input.headers),
    '# load_round: every step $copies times, each copy after the same question from every neighbour.',
    'load_round() {',
    '  local j',
    '  : >"$config"',
    '  for j in $(seq 1 "$copies"); do',
    ...steps.map(
      (step, index) =>
        `    neighbours_of ${index} "$url_${index}" ${step.call.credential.scheme}; own_${index}`,
    ),
    ...plain.asks,
    '  done',
    '}',
    '',
    'under_load() {',
    `  max_rps="$(from_target '.load.maxRps // empty')"`,
    `  if ! [[ "$max_rps" =~ ^[1-9][0-9]*$ ]]; then max_rps=${Math.max(1, Math.floor(input.maxRps))}; fi`,
    ...[...urls(steps, input.keys), ...plain.urls].map((line) => `  ${line}`),
    '  load_rounds',
    '}',
  ].join('\n');
}

/**
 * The step-independent part of the load phase: building rounds, sending, judging. Bash's `${` is
 * written `$~{` in this template (which would read `${` as its own), and put back at the end.
 */
const LOAD_FUNCTIONS = String.raw`
# form TEXT: TEXT percent-encoded for a query.
form() { jq -rn --arg v "$1" '$v | @uri'; }
# quoted TEXT: sets q to TEXT as a quoted string of a curl config file (no subshell: this runs for
# every request of a round).
quoted() { q="$~{1//\\/\\\\}"; q="\"$~{q//\"/\\\"}\""; }
# auth SCHEME KEY: sets header to the header that carries KEY the way SCHEME does.
auth() {
  case "$1" in
    bearer) header="authorization: Bearer $2" ;;
    bearerLowerCase) header="authorization: bearer $2" ;;
    *) header="$api_key_header: $2" ;;
  esac
}
# bodies: 1 keeps every answer's body in its file; 0 (a burst) sends them to /dev/null, for writing
# thousands of small files is slower than the target, and the file name is then only a label.
bodies=1
# entry FILE URL METHOD HEADER...: one request of a round in the curl config, its answer saved to
# FILE (and FILE, its status and content type written out). A HEAD's answer has no content: FILE
# only names it (curl --head would write the header fields there).
entry() {
  local file="$1" url="$2" method="$3" text="" line
  shift 3
  if [ "$requests" -gt 0 ]; then text="next"$'\n'; fi
  quoted "$url"
  text+="url = $q"$'\n'
  if [ "$method" = HEAD ]; then text+="head"$'\n'; elif [ "$method" != GET ]; then text+="request = $method"$'\n'; fi
  if [ "$bodies" -eq 1 ] && [ "$method" != HEAD ]; then quoted "$file"; else q=/dev/null; fi
  text+="output = $q"$'\n'
  quoted "%{http_code} $file %{content_type}\\n"
  text+="write-out = $q"$'\n'"silent"$'\n'"show-error"$'\n'
  for line in "$@"; do
    quoted "$line"
    text+="header = $q"$'\n'
    # Sent with an Accept-Encoding, as the step alone: curl decodes the body (curl-coding.ts).
    if [[ "$~{line,,}" =~ ^accept-encoding:[[:space:]]*[^[:space:]] ]]; then text+="compressed"$'\n'; fi
  done
  printf '%s' "$text" >>"$config"
  requests=$((requests + 1))
}
# neighbours_of N URL SCHEME: step N's question asked with each neighbour's key (those that are set),
# with step N's method (a neighbour's first page pN: GET).
neighbours_of() {
  local n="$1" url="$2" scheme="$3" key header
  for key in $neighbours; do
    if [ -n "$~{!key:-}" ]; then
      auth "$scheme" "$~{!key}"
      entry "$load_dir/$round.$n.$key.$j.json" "$url" "$~{method_of[$n]:-GET}" 'accept: application/json' "$header"
    fi
  done
}
now_ms() {
  if [ -n "$~{EPOCHREALTIME:-}" ]; then
    local t="$~{EPOCHREALTIME/[.,]/}"
    echo "$~{t:0:$~{#t}-3}"
  else echo $((SECONDS * 1000)); fi
}
# send [AT_ONCE]: the requests of $config, $parallel (or AT_ONCE) at once, then a pause that keeps
# them under max_rps.
send() {
  local began="$(now_ms)" owed at_once="$~{1:-$parallel}"
  : >"$load_dir/written"
  if [ "$at_once" -gt 1 ]; then
    curl -s -Z --parallel-max "$at_once" -K "$config" >>"$load_dir/written" 2>/dev/null || true
  else
    curl -s -K "$config" >>"$load_dir/written" 2>/dev/null || true
  fi
  sent=$((sent + requests))
  owed=$((requests * 1000 / max_rps - ($(now_ms) - began)))
  if [ "$owed" -gt 0 ]; then sleep "$((owed / 1000)).$(printf '%03d' $((owed % 1000)))"; fi
  requests=0
  : >"$config"
}
# what N: how a message names step N (pN: the Kth plain first page the neighbours ask).
what() { if [[ "$1" == p* ]]; then echo "a neighbour's first page ($1)"; else echo "step $1"; fi; }
# judge_load: the answers of the last send, on what load cannot excuse; BUG lines, found=1.
judge_load() {
  local status file ctype name n who rest tenant method shapes=0 answered=0 shared
  declare -A shown=() copies=() files_of=()
  while read -r status file ctype; do
    name="$~{file##*/}"
    IFS=. read -r _ n who rest <<<"$name"
    if [ "$status" != 000 ]; then answered=$((answered + 1)); fi
    if [ "$who" = own ] && [ -n "$~{bug_status[$n]:-}" ]; then
      copies[$n]=$(($~{copies[$n]:-0} + 1))
      # A bug of no answer at all (status 0) shows as curl's 000.
      if [ "$status" = "$~{bug_status[$n]}" ] || { [ "$~{bug_status[$n]}" = 0 ] && [ "$status" = 000 ]; }; then shown[$n]=$(($~{shown[$n]:-0} + 1)); fi
    fi
    method="$~{method_of[$n]:-GET}"
    if [ "$status" -ge 500 ] && ! { [ "$status" = 501 ] && [ "$method" != GET ] && [ "$method" != HEAD ]; }; then
      if [ -z "$~{five[$status]:-}" ]; then five[$status]=1; bug "under load, the server failed: HTTP $status ($(what "$n"))"; fi
    elif [ "$method" = HEAD ]; then
      # No content to judge, and its Content-Type may be left out (RFC 9110 §9.3.2): its status only.
      :
    elif [ "$method" != GET ]; then
      # Another method than GET: a 501 (RFC 9110 §15.6.2), a 405 of any body; its Allow is judged alone.
      :
    elif [ "$status" -ge 400 ]; then
      if ! [[ "$~{ctype,,}" =~ $json_type ]]; then
        if [ -z "$~{text[$status]:-}" ]; then text[$status]=1; bug "under load, $(what "$n"): HTTP $status answered with $~{ctype:-no content type}, not JSON"; fi
      elif [ "$shapes" -lt 20 ] && [ -f "$file" ]; then
        shapes=$((shapes + 1))
        if ! jq -e --argjson status "$status" "$error_shape" "$file" >/dev/null 2>&1; then bug "under load, $(what "$n"): HTTP $status without the Error shape {message, statusCode: $status, error?}"; fi
      fi
    elif [ "$status" = 200 ] && [[ "$~{ctype,,}" =~ $json_type ]] && [ -f "$file" ]; then
      if [ "$who" = own ]; then tenant="$~{step_tenant[$n]:-?}"; else tenant="$~{tenant_of[$who]:-?}"; fi
      files_of[$tenant]="$~{files_of[$tenant]:-} $file"
    fi
  done <"$load_dir/written"
  for n in "$~{!shown[@]}"; do
    bug "under load, step $n answered HTTP $~{bug_status[$n]} again, the status it answered when it failed ($~{shown[$n]} of $~{copies[$n]} copies)"
  done
  # Each tenant's ids once, then the ids more than one tenant received (file names hold no space).
  shared="$(for tenant in "$~{!files_of[@]}"; do jq -r '.data[]? | objects | .id | tostring' $~{files_of[$tenant]} 2>/dev/null | sort -u || true; done | sort | uniq -d | head -n 3 | tr '\n' ' ')"
  if [ -n "$shared" ]; then bug "under load, records served to more than one tenant's key: $shared"; fi
  if [ "$answered" -eq 0 ]; then
    echo "cannot judge: under load, no request got an answer from $BASE_URL: $restart"
    exit 2
  fi
  rm -f "$load_dir"/*.json
}
# until_throttled N: step N alone, in bursts of up to a second of max_rps (bodies not kept), until
# it is answered 429 again (bounded); then once more, keeping the body, to judge the 429 itself.
until_throttled() {
  local n="$1" j=0 limit=$((max_rps * THROTTLE_SECONDS)) end=$(($(now_ms) + THROTTLE_SECONDS * 1000))
  while [ "$j" -lt "$limit" ] && [ "$(now_ms)" -lt "$end" ] && [ "$(now_ms)" -lt "$deadline" ]; do
    local chunk=0
    bodies=0
    while [ "$chunk" -lt "$max_rps" ] && [ "$j" -lt "$limit" ]; do
      j=$((j + 1))
      chunk=$((chunk + 1))
      "own_$n"
    done
    bodies=1
    # As the property that throttled it did: 16 in flight.
    send $((parallel > 1 ? 16 : 1))
    if grep -q '^429 ' "$load_dir/written"; then
      unthrottled="$~{unthrottled/ $n / }"
      judge_load
      j=$((j + 1))
      "own_$n"
      send 1
      judge_load
      return
    fi
    judge_load
  done
}
# load_rounds: the rounds, until the bug shows or the bounds are reached; sets load_said.
load_rounds() {
  local began="$(now_ms)" host allowed=""
  host="$~{BASE_URL#*://}"
  host="$~{host%%/*}"
  case "$host" in 127.* | localhost | localhost:* | '[::1]' | '[::1]:'*) allowed="loopback" ;; esac
  if [ -z "$allowed" ] && [ "$(from_target '.load.allowed')" = true ] && [ "$(from_target '.baseUrl' | sed 's:/*$::')" = "$~{BASE_URL%/}" ]; then allowed="its target file allows load"; fi
  parallel="$LOAD_PARALLEL" copies="$LOAD_COPIES" rounds="$LOAD_ROUNDS"
  if [ -z "$allowed" ]; then parallel=1 copies=1 rounds=1; fi
  if [ "$parallel" -gt 1 ] && ! curl --help all 2>/dev/null | grep -q -- '--parallel-max'; then parallel=1; fi
  deadline=$((began + LOAD_SECONDS * 1000))
  load_dir="$work/load"
  config="$load_dir/config"
  mkdir -p "$load_dir"
  : >"$config"
  requests=0 sent=0
  # Steps that were throttled when the bug showed and are not yet throttled again.
  unthrottled=" $throttled_steps "
  declare -A five=() text=()
  for ((round = 1; round <= rounds; round++)); do
    load_round
    send
    judge_load
    if [ -n "$allowed" ]; then for n in $throttled_steps; do until_throttled "$n"; done; fi
    if [ "$found" -eq 1 ] || [ "$(now_ms)" -ge "$deadline" ] || [ "$sent" -ge $((max_rps * LOAD_SECONDS)) ]; then break; fi
  done
  local how="$sent requests in $(( ($(now_ms) - began) / 1000 )) s, $parallel at once, with the neighbours' keys: $~{neighbours:-none}"
  if [ -z "$allowed" ]; then how="$how; one at a time: $BASE_URL is not loopback and its target file does not allow load (load.allowed)"; fi
  if [ -z "$~{unthrottled// /}" ]; then unthrottled=""; fi
  load_said="round $((round > rounds ? rounds : round)) of $rounds: $how"
  [ "$found" -eq 1 ]
}
`
  .replace(/\$~\{/g, '${')
  .replace(/THROTTLE_SECONDS/g, String(THROTTLE_SECONDS));

/**
 * not-shared-cacheable in a curl reproduction (lib/checks/not-shared-cacheable.ts, what
 * http.conditional judges): every 2xx answer to a GET step, read from the header lines curl saved,
 * must not let a shared cache hand the tenant's page to another requester. The same reading in jq:
 * Cache-Control's directives (names in lower case, values unquoted), explicit freshness (max-age
 * above 0, else an Expires after Date, both IMF-fixdate), Vary naming the key header or `*`, and
 * the scheme the step sent its key with. Repeated header lines are joined with `, ` as the
 * harness's client joins them. And throttle-not-storable's reading of every 429 answer to a GET
 * step: no public, s-maxage or explicit freshness without no-store (RFC 6585 §4).
 */
import { singleQuoted } from './shell-words.ts';

/**
 * The start of both jq programs: reads a headers file as raw lines into $h (Cache-Control, Expires,
 * Date, Vary) and $c (Cache-Control's directives); fresh($h; $c) is explicit freshness, in words.
 */
const READ_HEADERS = `def trim: sub("^[ \\t]+"; "") | sub("[ \\t]+$"; "");
def field($name): [.[] | select(.name == $name) | .value] | if length == 0 then null else join(", ") end;
def directives: reduce (split(",")[] | split("=")) as $p ({};
  (($p[0] // "") | trim | ascii_downcase) as $k
  | if $k == "" then . else .[$k] = ($p[1:] | join("=") | trim | sub("^\\""; "") | sub("\\"$"; "")) end);
def httpdate: try (strptime("%a, %d %b %Y %H:%M:%S GMT") | mktime) catch null;
def varies($pattern): (.vary // "") | split(",") | map(trim) | any(. == "*" or test($pattern; "i"));
def fresh($h; $c): if $c | has("max-age") then
    (if ((($c["max-age"] | tonumber?) // 0) > 0) then "max-age=\\($c["max-age"])" else null end)
  elif $h.expires == null then null
  else ($h.expires | httpdate) as $at | ((($h.date // "") | httpdate) // now) as $now
    | if $at != null and $at > $now then "Expires: \\($h.expires)" else null end
  end;
[inputs | sub("\\r$"; "") | capture("^(?<name>[^: ]+):(?<value>.*)$") | {name: (.name | ascii_downcase), value: (.value | trim)}]
| {control: field("cache-control"), expires: field("expires"), date: field("date"), vary: field("vary")} as $h
| (($h.control // "") | directives) as $c
`;

/** The jq program: prints why a shared cache may reuse a page (nothing when none may). */
const SHARED_REUSE = `${READ_HEADERS}| if ($c | has("private")) or ($c | has("no-store")) then empty
  elif $c | has("public") then "public lets a shared cache store it, Authorization or not"
  elif $c | has("s-maxage") then "s-maxage lets a shared cache store it, Authorization or not"
  else fresh($h; $c) as $fresh
    | if $fresh == null or ($c | has("no-cache")) then empty
      elif $scheme == "serviceHeader" then
        (if $h | varies("^x-[a-z0-9-]+-api-key$") then empty
         else "\\($fresh) on a request keyed by the key header, without Vary naming it" end)
      elif ($c | has("must-revalidate")) and (($h | varies("^authorization$")) | not) then
        "must-revalidate with \\($fresh) lets a shared cache store it, without Vary: Authorization"
      else empty end
  end`;

/**
 * The jq program of throttle-not-storable (lib/checks/throttle-not-storable.ts): prints what lets a
 * cache store a 429 or serve it fresh (nothing when no-store is sent or nothing does).
 */
const THROTTLE_STORABLE = `${READ_HEADERS}| if $c | has("no-store") then empty
  elif $c | has("public") then "public lets any cache store it"
  elif $c | has("s-maxage") then "s-maxage lets a shared cache store it"
  else fresh($h; $c) | if . == null then empty else "\\(.) makes it fresh for a cache to serve again" end
  end`;

/**
 * The bash of the rules: every 429 answer to a GET step, then every 2xx one (not a HEAD's, not
 * another method's), its key's scheme from `keyed` (the steps sent with the key header). Needs
 * `all`, `heads`, `others`, `unknown`, `keyed` and `bug` of the judgement (curl-judge.ts).
 */
export const CACHE_RULES: readonly string[] = [
  `shared_reuse=${singleQuoted(SHARED_REUSE)}`,
  `throttle_storable=${singleQuoted(THROTTLE_STORABLE)}`,
  'for n in $all; do',
  '  if [[ "$heads$others$unknown" == *" $n "* ]]; then continue; fi',
  '  read -r status ctype <"$work/$n.status"',
  '  if [ "$status" = 429 ]; then',
  '    why="$(jq -Rrn "$throttle_storable" "$work/$n.headers" 2>/dev/null || true)"',
  '    if [ -n "$why" ]; then bug "step $n: HTTP 429 a cache may store (RFC 6585 §4: it MUST NOT be stored): $why"; fi',
  '  fi',
  '  if [ "$status" -lt 200 ] || [ "$status" -ge 300 ]; then continue; fi',
  '  scheme=authorization',
  '  if [[ "$keyed" == *" $n "* ]]; then scheme=serviceHeader; fi',
  '  why="$(jq -Rrn --arg scheme "$scheme" "$shared_reuse" "$work/$n.headers" 2>/dev/null || true)"',
  `  if [ -n "$why" ]; then bug "step $n: HTTP $status, a page of the tenant's data reusable by a shared cache (spec §5, RFC 9111 §3.5): $why"; fi`,
  'done',
];

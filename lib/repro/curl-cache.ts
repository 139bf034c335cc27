/**
 * not-shared-cacheable in a curl reproduction (lib/checks/not-shared-cacheable.ts, what
 * http.conditional judges): every 2xx answer to a GET step, read from the header lines curl saved,
 * must not let a shared cache hand the tenant's page to another requester. The same reading in jq:
 * Cache-Control's directives (names in lower case, values unquoted), explicit freshness (max-age
 * above 0, else an Expires after Date, both IMF-fixdate), Vary naming the key header or `*`, and
 * the scheme the step sent its key with. Repeated header lines are joined with `, ` as the
 * harness's client joins them.
 */
import { singleQuoted } from './shell-words.ts';

/** The jq program: reads a headers file as raw lines, prints why a shared cache may reuse it (nothing when none may). */
const SHARED_REUSE = `def trim: sub("^[ \\t]+"; "") | sub("[ \\t]+$"; "");
def field($name): [.[] | select(.name == $name) | .value] | if length == 0 then null else join(", ") end;
def directives: reduce (split(",")[] | split("=")) as $p ({};
  (($p[0] // "") | trim | ascii_downcase) as $k
  | if $k == "" then . else .[$k] = ($p[1:] | join("=") | trim | sub("^\\""; "") | sub("\\"$"; "")) end);
def httpdate: try (strptime("%a, %d %b %Y %H:%M:%S GMT") | mktime) catch null;
def varies($pattern): (.vary // "") | split(",") | map(trim) | any(. == "*" or test($pattern; "i"));
[inputs | sub("\\r$"; "") | capture("^(?<name>[^: ]+):(?<value>.*)$") | {name: (.name | ascii_downcase), value: (.value | trim)}]
| {control: field("cache-control"), expires: field("expires"), date: field("date"), vary: field("vary")} as $h
| (($h.control // "") | directives) as $c
| if ($c | has("private")) or ($c | has("no-store")) then empty
  elif $c | has("public") then "public lets a shared cache store it, Authorization or not"
  elif $c | has("s-maxage") then "s-maxage lets a shared cache store it, Authorization or not"
  else
    (if $c | has("max-age") then
       (if ((($c["max-age"] | tonumber?) // 0) > 0) then "max-age=\\($c["max-age"])" else null end)
     elif $h.expires == null then null
     else ($h.expires | httpdate) as $at | ((($h.date // "") | httpdate) // now) as $now
       | if $at != null and $at > $now then "Expires: \\($h.expires)" else null end
     end) as $fresh
    | if $fresh == null or ($c | has("no-cache")) then empty
      elif $scheme == "serviceHeader" then
        (if $h | varies("^x-[a-z0-9-]+-api-key$") then empty
         else "\\($fresh) on a request keyed by the key header, without Vary naming it" end)
      elif ($c | has("must-revalidate")) and (($h | varies("^authorization$")) | not) then
        "must-revalidate with \\($fresh) lets a shared cache store it, without Vary: Authorization"
      else empty end
  end`;

/**
 * The bash of the rule: every 2xx answer to a GET step (not a HEAD's, not another method's), its
 * key's scheme from `keyed` (the steps sent with the key header). Needs `all`, `heads`, `others`,
 * `unknown`, `keyed` and `bug` of the judgement (curl-judge.ts).
 */
export const CACHE_RULES: readonly string[] = [
  `shared_reuse=${singleQuoted(SHARED_REUSE)}`,
  'for n in $all; do',
  '  if [[ "$heads$others$unknown" == *" $n "* ]]; then continue; fi',
  '  read -r status ctype <"$work/$n.status"',
  '  if [ "$status" -lt 200 ] || [ "$status" -ge 300 ]; then continue; fi',
  '  scheme=authorization',
  '  if [[ "$keyed" == *" $n "* ]]; then scheme=serviceHeader; fi',
  '  why="$(jq -Rrn --arg scheme "$scheme" "$shared_reuse" "$work/$n.headers" 2>/dev/null || true)"',
  `  if [ -n "$why" ]; then bug "step $n: HTTP $status, a page of the tenant's data reusable by a shared cache (spec §5, RFC 9111 §3.5): $why"; fi`,
  'done',
];

/**
 * HEAD's fields in a curl reproduction (head-fields-like-get, what http.head sends): a HEAD step
 * between two GET steps of the same request is held to them as the check holds it. Judged only
 * where both GETs answered the HEAD's status, a refusal for what was asked (400, 401, 403, 404) or a
 * page of a quiescent tenant: with the same bytes and no Content-Encoding, a Content-Length on the
 * HEAD is the octet count of GET's saved body (RFC 9110 §8.6), and a Content-Type names GET's media
 * type (RFC 9110 §9.3.2); an ETag, Last-Modified, Cache-Control, Vary, Content-Encoding,
 * Content-Language, Content-Location or Expires both GETs sent alike is the same on the HEAD, when
 * sent (RFC 9110 §9.3.2, RFC 9111 §4.3.5). A field HEAD leaves out is not a bug here (advisory).
 */
import type { ApiCall } from '../http/call.ts';
import type { ReproStep } from './step-walks.ts';

/** The request a step sends, whatever its method. */
const requestKey = (call: ApiCall): string => JSON.stringify({ ...call, method: undefined });

/** The GET step nearest `index` in `direction` (-1 before, 1 after) that sent the same request. */
function getStep(steps: readonly ReproStep[], index: number, direction: -1 | 1): number | undefined {
  const key = requestKey((steps[index] as ReproStep).call);
  for (let other = index + direction; other >= 0 && other < steps.length; other += direction) {
    const call = steps[other]?.call;
    if (call !== undefined && (call.method ?? 'GET') === 'GET' && requestKey(call) === key) return other;
  }
  return undefined;
}

/** The functions of the HEAD steps' judgement, defined only in a script that has such steps. */
const HEAD_FUNCTIONS = String.raw`# media N: step N's media type, in lower case, parameters left out.
media() { local ctype; read -r _ ctype <"$work/$1.status"; echo "$ctype" | cut -d';' -f1 | tr -d ' ' | tr 'A-Z' 'a-z'; }
# head_field N NAME: step N's field NAME as head-fields-like-get reads it (its lines joined): an ETag
# without W/, a date as its second, a list's members without blanks, in lower case (sorted when
# their order means nothing); nothing when step N has none.
head_field() {
  local value
  value="$(grep -i "^$2:" "$work/$1.headers" | cut -d: -f2- | tr -d '\r' | paste -sd, - || true)"
  if [ -z "$(echo "$value" | tr -d ' \t,')" ]; then return; fi
  case "$2" in
    etag) echo "$value" | tr -d ' \t' | sed 's#^W/##' ;;
    last-modified | expires) date -u -d "$value" +%s 2>/dev/null || echo "$value" | tr -d ' \t' ;;
    content-encoding | content-location) echo "$value" | tr -d ' \t' | tr 'A-Z' 'a-z' ;;
    *) echo "$value" | tr -d ' \t' | tr 'A-Z' 'a-z' | tr ',' '\n' | grep -v '^$' | sort -u | paste -sd, - ;;
  esac
}
# head_fields N BEFORE AFTER PAGES: HEAD step N against GET steps BEFORE and AFTER of the same
# request; PAGES 1 when its tenant's data holds still (a 2xx page is judged then only). Its
# Content-Length and Content-Type where the GETs got the same bytes; each validator and caching
# field where they sent it alike.
head_fields() {
  local n="$1" b="$2" a="$3" pages="$4" status before after length octets name value sent
  read -r status _ <"$work/$n.status"
  read -r before _ <"$work/$b.status"
  read -r after _ <"$work/$a.status"
  if [ "$status" != "$before" ] || [ "$before" != "$after" ]; then return; fi
  case "$before" in 400 | 401 | 403 | 404) ;; 2??) if [ "$pages" != 1 ]; then return; fi ;; *) return ;; esac
  for name in etag last-modified cache-control vary content-encoding content-language content-location expires; do
    value="$(head_field "$b" "$name")"
    sent="$(head_field "$n" "$name")"
    if [ -n "$value" ] && [ "$value" = "$(head_field "$a" "$name")" ] && [ -n "$sent" ] && [ "$sent" != "$value" ]; then
      bug "step $n: HEAD answered HTTP $status with another $name than GET's for the same request (steps $b and $a, the same $name) (RFC 9110 §9.3.2, RFC 9111 §4.3.5)"
      return
    fi
  done
  if grep -qi '^content-encoding:' "$work/$b.headers" "$work/$a.headers" || ! cmp -s "$work/$b.json" "$work/$a.json"; then return; fi
  length="$(grep -i '^content-length:' "$work/$n.headers" | tail -n 1 | cut -d: -f2- | cut -d, -f1 | tr -d ' \r' || true)"
  octets="$(wc -c <"$work/$b.json" | tr -d ' ')"
  if [ -n "$length" ] && [ "$length" != "$octets" ]; then
    bug "step $n: HEAD answered HTTP $status with Content-Length: $length, where GET's body for the same request (steps $b and $a, the same bytes) is $octets octets (RFC 9110 §8.6)"
  elif [ -n "$(media "$n")" ] && [ -n "$(media "$b")" ] && [ "$(media "$n")" != "$(media "$b")" ]; then
    bug "step $n: HEAD answered HTTP $status with Content-Type $(media "$n"), GET (step $b) $(media "$b") (RFC 9110 §9.3.2)"
  fi
}`;

/**
 * The bash of the HEAD steps' judgement: `head_fields N BEFORE AFTER PAGES` per HEAD step with a
 * GET of the same request on each side. `quiescent`: the tenants whose pages are judged.
 */
export function headRules(steps: readonly ReproStep[], quiescent: readonly string[]): string[] {
  const calls = steps.flatMap((step, index) => {
    if (step.call.method !== 'HEAD') return [];
    const before = getStep(steps, index, -1);
    const after = getStep(steps, index, 1);
    if (before === undefined || after === undefined) return [];
    const pages = quiescent.includes(step.call.credential.tenant) ? 1 : 0;
    return [`head_fields ${index} ${before} ${after} ${pages}`];
  });
  return calls.length === 0 ? [] : [HEAD_FUNCTIONS, ...calls];
}

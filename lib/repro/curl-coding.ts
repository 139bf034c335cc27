/**
 * Content codings in a curl reproduction (content-coding-decoded, what http.accept-encoding sends):
 * a step the harness sent with an Accept-Encoding is sent with it again and `curl --compressed`,
 * so curl decodes the body by its Content-Encoding (every coding listed, last applied first) into
 * the file the other rules read. Then it is held to the same request without Accept-Encoding, the
 * step sent just before it: the same status; only codings the request accepted; a body curl could
 * decode, and JSON once decoded; the same Error fields, or on quiescent data the same records and
 * hasMore. A coding this curl cannot decode (built without brotli, say) leaves the step not judged,
 * and the script says so rather than pass it.
 */
import { servableCodings } from '../checks/content-coding-decoded.ts';
import type { ApiCall } from '../http/call.ts';
import { singleQuoted } from './shell-words.ts';
import type { ReproStep } from './step-walks.ts';

/** The Accept-Encoding a step was sent with; undefined when it sent none or left it out. */
export function acceptEncodingOf(call: ApiCall): string | undefined {
  const entry = Object.entries(call.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-encoding');
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

/** The request a step sends, whatever its Accept-Encoding. */
const requestKey = ({ call }: ReproStep): string =>
  JSON.stringify([
    call.endpoint,
    call.pathSuffix,
    call.method,
    call.query,
    call.raw,
    call.credential.tenant,
    call.credential.role,
    call.credential.scheme,
    call.credential.keyCase,
    call.credential.keyPlace,
    call.credential.keySpelling,
  ]);

/** The step before `index` that sent the same request without Accept-Encoding; undefined when none did. */
function plainStep(steps: readonly ReproStep[], index: number): number | undefined {
  const step = steps[index];
  if (step === undefined) return undefined;
  for (let earlier = index - 1; earlier >= 0; earlier -= 1) {
    const other = steps[earlier];
    if (
      other !== undefined &&
      acceptEncodingOf(other.call) === undefined &&
      requestKey(other) === requestKey(step)
    )
      return earlier;
  }
  return undefined;
}

/**
 * The bash of the coded steps' judgement: `coded N PLAIN ACCEPTED COMPARE` per step sent with an
 * Accept-Encoding. `quiescent`: the tenants whose data holds still, whose pages are compared
 * record for record (as the check compares them only there).
 */
export function codingRules(steps: readonly ReproStep[], quiescent: readonly string[]): string[] {
  const calls = steps.flatMap((step, index) => {
    const acceptEncoding = acceptEncodingOf(step.call);
    if (acceptEncoding === undefined) return [];
    const compare = quiescent.includes(step.call.credential.tenant) ? 1 : 0;
    const words = [
      String(index),
      String(plainStep(steps, index) ?? '-'),
      singleQuoted(servableCodings(acceptEncoding).join(' ')),
      String(compare),
      singleQuoted(acceptEncoding),
    ];
    return [`coded ${words.join(' ')}`];
  });
  return calls.length === 0 ? [] : [CODED_FUNCTIONS, ...calls];
}

/** The functions of the coded steps' judgement, defined only in a script that has such steps. */
const CODED_FUNCTIONS = String.raw`# error_fields N: the Error fields a repeat keeps; page_of N: the page's records and hasMore.
error_fields() { jq -c '{statusCode, error}' "$work/$1.json" 2>/dev/null || echo 'not JSON'; }
page_of() { jq -c '{records: ([if (.data | type) == "array" then .data[] else empty end | (try .id catch null) | tostring] | unique), hasMore: (try .pagination.hasMore catch null)}' "$work/$1.json" 2>/dev/null || echo 'not JSON'; }
# coded N PLAIN ACCEPTED COMPARE ACCEPT_ENCODING: step N, sent with ACCEPT_ENCODING and decoded by
# curl --compressed, against step PLAIN (the same request without it; - when there is none).
coded() {
  local n="$1" p="$2" accepted=" $3 " compare="$4" asked="step $1 (Accept-Encoding: $5)" status ctype plain _ coding codings listed feature features
  read -r status ctype <"$work/$n.status"
  codings="$(grep -i '^content-encoding:' "$work/$n.headers" | cut -d: -f2- | tr 'A-Z,\r' 'a-z  ' | tr '\n' ' ' || true)"
  listed="$(echo $codings)"
  if [ -z "$listed" ]; then listed=none; fi
  if [ "$p" != - ]; then
    read -r plain _ <"$work/$p.status"
    if [ "$status" != "$plain" ]; then bug "$asked answered HTTP $status; without Accept-Encoding (step $p) HTTP $plain"; return; fi
  fi
  for coding in $codings; do
    if [ "$coding" != identity ] && [[ "$accepted" != *" $coding "* ]]; then
      bug "$asked answered Content-Encoding: $coding, a coding it did not accept (RFC 9110 §12.5.3)"
      return
    fi
  done
  if [ -f "$work/$n.undecodable" ]; then
    features="$(curl -V 2>/dev/null | grep -i '^features:' | tr 'A-Z' 'a-z' || true)"
    for coding in $codings; do
      case "$coding" in identity) continue ;; br) feature=brotli ;; *) feature=libz ;; esac
      if [[ " $features " != *" $feature "* ]]; then
        unjudged "$asked: its body is $coding-coded and this curl cannot decode $coding (curl -V lists no $feature)"
        return
      fi
    done
    bug "$asked answered a body that is not coded as its Content-Encoding ($listed) says: $(head -n 1 "$work/$n.undecodable")"
    return
  fi
  if ! jq -en '[inputs] | length == 1' "$work/$n.json" >/dev/null 2>&1; then
    bug "$asked answered a body that is not JSON once decoded by Content-Encoding: $listed"
    return
  fi
  if [ "$p" = - ]; then return; fi
  if [ "$status" != 200 ]; then
    if [ "$(error_fields "$n")" != "$(error_fields "$p")" ]; then bug "$asked answered another Error once decoded: $(error_fields "$n"); without Accept-Encoding (step $p): $(error_fields "$p")"; fi
  elif [ "$compare" = 1 ] && [ "$(page_of "$n")" != "$(page_of "$p")" ]; then
    bug "$asked answered another page once decoded than without Accept-Encoding (step $p), on data that holds still"
  fi
}`;

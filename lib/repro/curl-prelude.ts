/**
 * The bash functions every reproduction script starts with (lib/repro/curl.ts): the work folder,
 * `request` (one curl, its answer saved and its status counted) and the key-case helpers that
 * alter a key as a failing step sent it; each function's contract is its comment.
 */
import { ALTERED_MIN_LENGTH, REPLACED_FROM, REPLACED_TO } from '../http/key-case.ts';

export const PRELUDE = `set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
shown=0
expected=0
fact=""

# request N STATUS_THAT_SHOWS_THE_BUG|- KEY_VARIABLE|- CURL_ARGS...: saves the answer ($work/N.json,
# its bytes as sent), its header lines ($work/N.headers) and its status and content type
# ($work/N.status), counts the bug's statuses. A request that gets
# no answer (the target unreachable), or whose key, served when the bug showed, is refused now (not
# a key of this target), leaves nothing to judge: exit 2; but a step whose bug was no answer at all
# (status 0) shows it again when its connection is accepted and then closed or reset without a
# complete answer (curl's exits 8, 18, 52, 56). An answer whose body curl --compressed
# could not decode (curl's exit 61) is an answer: $work/N.undecodable says why. VERBOSE=1 prints
# every answer; otherwise only the verdict and the fact that proves it.
request() {
  local n="$1" bug="$2" admitted="$3" answer status code=0
  shift 3
  answer="$(curl -sS -G --max-time 30 -o "$work/$n.json" -D "$work/$n.headers" -w '%{http_code} %{content_type}' "$@" 2>"$work/$n.error")" || code=$?
  if [ "$code" = 61 ] && [ -s "$work/$n.headers" ]; then
    cp "$work/$n.error" "$work/$n.undecodable"
  elif [ "$bug" = 0 ] && [[ " 8 18 52 56 " == *" $code "* ]]; then
    echo "0 " >"$work/$n.status"
    expected=$((expected + 1))
    shown=$((shown + 1))
    fact="step $n got no HTTP answer again ($(head -n 1 "$work/$n.error"))"
    return
  elif [ "$code" != 0 ]; then
    echo "cannot judge: step $n got no answer from $BASE_URL ($(head -n 1 "$work/$n.error")): $restart"
    exit 2
  fi
  echo "$answer" >"$work/$n.status"
  status="\${answer%% *}"
  if [ -n "\${VERBOSE:-}" ]; then echo "step $n: HTTP $status $(cat "$work/$n.json")"; fi
  if [ "$admitted" != "-" ] && { [ "$status" = 401 ] || [ "$status" = 403 ]; }; then
    echo "cannot judge: step $n: $BASE_URL refused $admitted (HTTP $status), a key it served when the bug showed: set $admitted to a key of this target"
    exit 2
  fi
  if [ "$bug" != "-" ]; then
    expected=$((expected + 1))
    if [ "$status" = "$bug" ]; then
      shown=$((shown + 1))
      fact="step $n answered HTTP $status again"
    fi
  fi
}

# token N: the nextPageToken of step N's answer (empty when there is none).
token() { jq -r '.pagination.nextPageToken // empty' "$work/$1.json" 2>/dev/null || true; }

# replaced_char C: C replaced by another of its class, as the harness does (lib/http/key-case.ts).
replaced_char() {
  local from='${REPLACED_FROM}' to='${REPLACED_TO}' head
  if [ -z "$1" ] || [[ "$from" != *"$1"* ]]; then printf 0; return; fi
  head="\${from%%"$1"*}"
  printf %s "\${to:\${#head}:1}"
}

# key_replaced KEY AT: KEY with its character at AT replaced (replaced_char).
key_replaced() {
  local key="$1" at="$2"
  printf %s "\${key:0:at}$(replaced_char "\${key:at:1}")\${key:at+1}"
}

# key_case MODE KEY: KEY changed as the harness sent it: upper, lower, first-flipped or
# last-flipped (the first or last ASCII letter's case changed), last-replaced or middle-replaced
# (that character replaced by another of its class), last-dropped, appended or prepended (the
# last or first character's replacement added); a key shorter than ${ALTERED_MIN_LENGTH} is not
# altered; or the whole key wrapped: bearer-prefixed, bearer-lower-prefixed, quoted, comma-doubled,
# space-doubled, comma-space-doubled, comma-junk, comma-trailing, bearer-listed, header-twice (as
# Node joins the key header's two lines).
key_case() {
  local key="$2" i at=-1 c
  if [ "\${#key}" -lt ${ALTERED_MIN_LENGTH} ] && [[ "$1" == *-replaced || "$1" == last-dropped || "$1" == *pended ]]; then
    printf %s "$key"
    return
  fi
  case "$1" in
    upper) printf %s "\${key^^}" ;;
    lower) printf %s "\${key,,}" ;;
    last-replaced) key_replaced "$key" $((\${#key} - 1)) ;;
    middle-replaced) key_replaced "$key" $((\${#key} / 2)) ;;
    last-dropped) printf %s "\${key%?}" ;;
    appended) printf %s "$key$(replaced_char "\${key: -1}")" ;;
    prepended) printf %s "$(replaced_char "\${key:0:1}")$key" ;;
    bearer-prefixed) printf 'Bearer %s' "$key" ;;
    bearer-lower-prefixed) printf 'bearer %s' "$key" ;;
    quoted) printf '"%s"' "$key" ;;
    comma-doubled) printf '%s,%s' "$key" "$key" ;;
    space-doubled) printf '%s %s' "$key" "$key" ;;
    comma-space-doubled) printf '%s, %s' "$key" "$key" ;;
    comma-junk) printf '%s,x' "$key" ;;
    comma-trailing) printf '%s,' "$key" ;;
    bearer-listed) printf '%s, Bearer %s' "$key" "$key" ;;
    header-twice) printf '%s, %s' "$key" "$key" ;;
    *)
      for ((i = 0; i < \${#key}; i++)); do
        if [[ "\${key:i:1}" == [A-Za-z] ]]; then
          at=$i
          if [ "$1" = first-flipped ]; then break; fi
        fi
      done
      if [ "$at" -lt 0 ]; then printf %s "$key"; return; fi
      c="\${key:at:1}"
      if [[ "$c" == [a-z] ]]; then c="\${c^^}"; else c="\${c,,}"; fi
      printf %s "\${key:0:at}$c\${key:at+1}"
      ;;
  esac
}
`;

package pagefold

import (
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/tidwall/gjson"
)

// The JavaScript checks read a page as k6's response.json() decodes it: encoding/json into Go
// values. Where that and gjson could disagree, the screen doubts (see also parser).

// exactString returns the unescaped text of a JSON string or object key, and whether every
// parser involved reads the same text. They do not when it escapes a lone UTF-16 surrogate: gjson
// gives U+FFFD and swallows an escape that follows, encoding/json gives U+FFFD and keeps that
// escape, and JSON.parse (the specs come from JSON.stringify) keeps the lone surrogate. All of
// them decode an escaped surrogate pair to its character.
func exactString(r gjson.Result) (string, bool) {
	raw := r.Raw
	// Raw is quoted; unescaping always shortens a string, so equal lengths mean no escapes.
	if len(raw) == len(r.Str)+2 {
		return r.Str, true
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character, so an escaped backslash is skipped whole
		if raw[i] != 'u' {
			continue
		}
		// Valid JSON: 4 hex digits follow, and the closing quote after them.
		c := hex4(raw[i+1:])
		switch {
		case !utf16.IsSurrogate(c):
		case c < 0xdc00 && strings.HasPrefix(raw[i+5:], `\u`) && isLowSurrogate(hex4(raw[i+7:])):
			i += 10 // the pair's low half, up to its last hex digit
		default:
			return "", false
		}
	}
	return r.Str, true
}

func hex4(s string) rune {
	n, _ := strconv.ParseUint(s[:4], 16, 16)
	return rune(n)
}

func isLowSurrogate(c rune) bool {
	return 0xdc00 <= c && c <= 0xdfff
}

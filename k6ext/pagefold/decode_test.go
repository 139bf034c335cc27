package pagefold

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// decodable reports whether the parser reads body whole: one JSON value, with whitespace around it.
func decodable(body string) bool {
	p := parser{s: body}
	p.ws()
	ok := p.skip(0)
	p.ws()
	return ok && p.i == len(body)
}

// decodable must agree with encoding/json (what k6's response.json() runs) on valid JSON.
func TestDecodable(t *testing.T) {
	t.Parallel()
	bodies := []string{
		`{}`,
		`[1,-2.5,0.1e1,1E+2,-0]`,
		`1e400`,
		`[-1e400]`,
		`{"a":1.8e308}`,
		`[1.7976931348623157e308,1e-400,5e-324]`,
		`[` + strings.Repeat("9", 308) + `]`,
		`[` + strings.Repeat("9", 309) + `]`,
		`[-` + strings.Repeat("9", 309) + `.5]`,
		`["1e400","\"1e400","\\",1e400]`,
		`["\\\"[[[",1]`,
		`{"a":"\u0022","b":true,"c":false,"d":null}`,
		strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
		strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
		strings.Repeat(`{"a":`, maxDepth-1) + `["[{"]` + strings.Repeat("}", maxDepth-1),
		strings.Repeat(`{"a":`, maxDepth) + `[]` + strings.Repeat("}", maxDepth),
	}
	for _, body := range bodies {
		if !gjson.Valid(body) {
			t.Fatalf("not valid JSON: %.40s", body)
		}
		var v any
		want := json.Unmarshal([]byte(body), &v) == nil
		if got := decodable(body); got != want {
			t.Errorf("decodable(%.60s) = %v, encoding/json decodes it: %v", body, got, want)
		}
	}
}

// parsable is what decodable must say: body is JSON by gjson.Valid (the strictness the screen had
// before its own parser), encoding/json decodes it, and its strings are valid UTF-8 (which
// encoding/json and gjson would read differently otherwise).
func parsable(body string) bool {
	var v any
	return gjson.Valid(body) && json.Unmarshal([]byte(body), &v) == nil && utf8.ValidString(body)
}

// The parser reads strings 8 bytes at a time: put each kind of byte it stops at, or must not stop
// at, at each place of strings around that size, and in what follows them.
func TestDecodableStrings(t *testing.T) {
	t.Parallel()
	for _, special := range []string{
		`"`, `\"`, `\\`, `\/`, `\n`, `\u00e9`, `\u00E9x`, `\ud83d\ude00`, `\ud800`, `\u12`, `\x`, `\`,
		"\x00", "\x1f", "\t", "\x7f", "é", "€", "😀", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80",
		"é\x01", "é\\\"x", "é\"", "\xffé", "é\\u00e9\xc3",
	} {
		for n := range 20 {
			for at := 0; at <= n; at++ {
				s := strings.Repeat("a", at) + special + strings.Repeat("b", n-at)
				for _, body := range []string{`"` + s + `"`, `["` + s + `", "é"]`, `{"` + s + `":1}`} {
					if got, want := decodable(body), parsable(body); got != want {
						t.Errorf("decodable(%q) = %v, want %v", body, got, want)
					}
				}
			}
		}
	}
}

func FuzzDecodable(f *testing.F) {
	for _, body := range []string{
		`{"data":[{"id":"a\u0041","n":-1.5e3,"t":true,"f":false,"z":null}],"x":{}}`,
		` [ 1 , [ ] , { } , "x" ] `, `0`, `-0.0e-0`, `"\ud83d\ude00"`, `{"a":"é€😀"}`, "[\"\xff\"]",
		`[1,]`, `{"a" 1}`, `[01]`, `[.5]`, `[1e]`, `[-]`, `["\u00g0"]`, `[tru]`, `[nul]`, `{"a":1}}`,
	} {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if got, want := decodable(body), parsable(body); got != want {
			t.Fatalf("decodable(%q) = %v, want %v", body, got, want)
		}
	})
}

// Where exactString says gjson reads a string exactly, encoding/json reads the same.
func TestExactString(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw   string
		exact bool
	}{
		{`"plain"`, true},
		{`"a\"b\\c\/d\b\f\n\r\t"`, true},
		{`"caf\u00e9 \u20AC"`, true},
		{`"\ud83d\ude00"`, true},
		{`"\uD83D\uDE00x\uDBFF\uDFFF"`, true},
		{`"\\ud800"`, true}, // an escaped backslash, then text
		{`"\ud800"`, false},
		{`"\udc00"`, false},
		{`"\ude00\ud83d"`, false},
		{`"\ud83d\u0041"`, false},
		{`"\ud83d\ud83d\ude00"`, false},
		{`"x\ud83dy"`, false},
	}
	for _, tc := range cases {
		got, exact := exactString(gjson.Parse(tc.raw))
		if exact != tc.exact {
			t.Errorf("exactString(%s) exact = %v, want %v", tc.raw, exact, tc.exact)
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(tc.raw), &want); err != nil {
			t.Fatal(err)
		}
		if exact && got != want {
			t.Errorf("exactString(%s) = %q, encoding/json reads %q", tc.raw, got, want)
		}
	}
}

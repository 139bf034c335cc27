package pagefold

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// The screen reads a page in one pass with its own parser, which checks, as it goes, that the
// page is JSON that encoding/json (k6's response.json()) decodes into Go values, beyond syntax:
// no number out of float64's range (1e400) and no nesting deeper than maxDepth. It is as strict
// as gjson.Valid, and stricter in one way: a string must be valid UTF-8, as encoding/json would
// read any other byte as U+FFFD and gjson keeps it. The values the checks read are handed over as
// gjson would have read them (see jsonValue).

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// parser reads the JSON text s from byte i on. Every method that reads a value or a part of one
// moves i past it, and reports false when the text there is malformed or not decodable, leaving
// i anywhere. The methods work on a local copy of i, which the compiler can keep in a register,
// and store it once.
type parser struct {
	s string
	i int
}

// byteAt returns s[i], or 0 past the end of s (never a byte JSON starts anything with).
func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// skipSpace returns the index of the first byte of s from i on that is not whitespace.
func skipSpace(s string, i int) int {
	for i < len(s) {
		// Every byte above ' ' ends it: one comparison for compact JSON.
		if c := s[i]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
		i++
	}
	return i
}

// peek returns the byte at p.i, or 0 at the end of the text.
func (p *parser) peek() byte {
	return byteAt(p.s, p.i)
}

// ws moves past whitespace.
func (p *parser) ws() {
	p.i = skipSpace(p.s, p.i)
}

// open moves past the '[' or '{' at p.i of a container nested depth deep (1 for the outermost),
// and the whitespace after it. It reports whether a member follows (more), and false for ok when
// the nesting is too deep; an empty container is read whole, ending with close.
func (p *parser) open(close byte, depth int) (more, ok bool) {
	if depth > maxDepth {
		return false, false
	}
	s := p.s
	i := skipSpace(s, p.i+1)
	if byteAt(s, i) == close {
		p.i = i + 1
		return false, true
	}
	p.i = i
	return true, true
}

// next moves past what follows a member of a container: a comma and the whitespace after it
// (more: a member follows), or close (the container is read whole).
func (p *parser) next(close byte) (more, ok bool) {
	s := p.s
	i := skipSpace(s, p.i)
	switch byteAt(s, i) {
	case ',':
		p.i = skipSpace(s, i+1)
		return true, true
	case close:
		p.i = i + 1
		return false, true
	}
	return false, false
}

// skip moves past the value at p.i, checking only that it is well formed and decodable; depth is
// the number of containers around it.
func (p *parser) skip(depth int) bool {
	switch p.peek() {
	case '{':
		more, ok := p.open('}', depth+1)
		for more && ok {
			_, _, ok = p.key()
			if ok = ok && p.skip(depth+1); ok {
				more, ok = p.next('}')
			}
		}
		return ok
	case '[':
		more, ok := p.open(']', depth+1)
		for more && ok {
			if ok = p.skip(depth + 1); ok {
				more, ok = p.next(']')
			}
		}
		return ok
	default:
		_, _, ok := p.scalar()
		return ok
	}
}

// key moves past an object's key (a string), the colon after it and the whitespace around that,
// and returns the key's raw text and whether it has escapes.
func (p *parser) key() (raw string, escaped, ok bool) {
	s, start := p.s, p.i
	if byteAt(s, start) != '"' {
		return "", false, false
	}
	end, escaped, ok := scanString(s, start)
	if !ok {
		return "", false, false
	}
	colon := skipSpace(s, end)
	if byteAt(s, colon) != ':' {
		return "", false, false
	}
	p.i = skipSpace(s, colon+1)
	return s[start:end], escaped, true
}

// name is key for an object whose keys the checks read: it returns the unescaped key, and false
// also when gjson would not read the key exactly (see exactString).
func (p *parser) name() (string, bool) {
	raw, escaped, ok := p.key()
	switch {
	case !ok:
		return "", false
	case !escaped:
		return raw[1 : len(raw)-1], true
	default:
		return exactString(gjson.Parse(raw))
	}
}

// scalar moves past the string, number, true, false or null at p.i and returns its raw text, and
// for a string whether it has escapes.
func (p *parser) scalar() (raw string, escaped, ok bool) {
	s, start := p.s, p.i
	var end int
	switch c := byteAt(s, start); {
	case c == '"':
		end, escaped, ok = scanString(s, start)
	case c == '-' || isDigit(c):
		end, ok = scanNumber(s, start)
	case c == 't':
		end, ok = scanWord(s, start, "true")
	case c == 'f':
		end, ok = scanWord(s, start, "false")
	case c == 'n':
		end, ok = scanWord(s, start, "null")
	}
	if !ok {
		return "", false, false
	}
	p.i = end
	return s[start:end], escaped, true
}

// The scan functions read one token of s at i and return the index of the byte after it.

func scanWord(s string, i int, word string) (end int, ok bool) {
	return i + len(word), strings.HasPrefix(s[i:], word)
}

// Classes of the bytes of a string, see scanString.
const (
	strPlain = iota
	strQuote
	strEscape
	strControl
	strNonASCII
)

var strClass = func() (t [256]uint8) {
	for c := range 0x20 {
		t[c] = strControl
	}
	t['"'] = strQuote
	t['\\'] = strEscape
	for c := 0x80; c < 0x100; c++ {
		t[c] = strNonASCII
	}
	return t
}()

// scanString reads the string whose opening quote is at s[i], and tells whether it has escapes.
func scanString(s string, i int) (end int, escaped, ok bool) {
	start := i
	nonASCII := false
	for i++; ; i++ {
		if i = plainRun(s, i, nonASCII); i == len(s) {
			return 0, false, false // no closing quote
		}
		switch strClass[s[i]] {
		case strQuote:
			return i + 1, escaped, !nonASCII || utf8.ValidString(s[start:i])
		case strEscape:
			escaped = true
			if i++; i == len(s) {
				return 0, false, false
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				// Four hex digits, and the closing quote still to come.
				if i+4 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) || !isHex(s[i+3]) || !isHex(s[i+4]) {
					return 0, false, false
				}
				i += 4
			default:
				return 0, false, false
			}
		case strControl:
			return 0, false, false
		default: // strNonASCII, checked as a whole once the string is read
			nonASCII = true
		}
	}
}

// Bytes repeated across a word, for plainRun.
const (
	lsbs        = 0x0101010101010101
	msbs        = 0x8080808080808080
	quotes      = lsbs * '"'
	backslashes = lsbs * '\\'
	spaces      = lsbs * ' '
)

// plainRun returns the index of the first byte of s from i on that is not strPlain (with
// nonASCII, nor strNonASCII), or len(s). It tests 8 bytes at a time: strings are most of a page.
func plainRun(s string, i int, nonASCII bool) int {
	for ; i+8 <= len(s); i += 8 {
		w := load64(s[i : i+8])
		// The top bit of a byte is set by (x-1)&^x where x is 0, by (x-' ')&^x where x < ' ',
		// and by x where x >= 0x80. A borrow can set it in a byte above the first one that is set,
		// never below: the lowest one set is certain.
		q, b := w^quotes, w^backslashes
		m := (q-lsbs)&^q | (b-lsbs)&^b | (w-spaces)&^w
		if !nonASCII {
			m |= w
		}
		if m &= msbs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && (strClass[s[i]] == strPlain || nonASCII && strClass[s[i]] == strNonASCII) {
		i++
	}
	return i
}

// load64 returns the 8 bytes of b as a little-endian word (which the compiler reads in one load).
func load64(b string) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// scanNumber reads the number at s[i], which must also be in float64's range.
func scanNumber(s string, i int) (end int, ok bool) {
	start := i
	if s[i] == '-' {
		i++
	}
	switch c := byteAt(s, i); {
	case c == '0':
		i++
	case '1' <= c && c <= '9':
		i = digits(s, i)
	default:
		return 0, false
	}
	if byteAt(s, i) == '.' {
		if i++; !isDigit(byteAt(s, i)) {
			return 0, false
		}
		i = digits(s, i)
	}
	exponent := byteAt(s, i)|0x20 == 'e'
	if exponent {
		if i++; byteAt(s, i) == '+' || byteAt(s, i) == '-' {
			i++
		}
		if !isDigit(byteAt(s, i)) {
			return 0, false
		}
		i = digits(s, i)
	}
	// encoding/json fails on a number out of float64's range, which without an exponent needs
	// 309 digits.
	if exponent || i-start > 308 {
		if _, err := strconv.ParseFloat(s[start:i], 64); err != nil {
			return 0, false
		}
	}
	return i, true
}

func isDigit(c byte) bool {
	return '0' <= c && c <= '9'
}

// digits returns the index of the first byte of s from i on that is not a digit.
func digits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// jsonValue is a value the parser read, as gjson would read it: a gjson.Result's Type, Raw, Str and
// Num, without its query fields (which make a Result 80 bytes, and the screen copies values).
type jsonValue struct {
	typ gjson.Type
	raw string // the JSON text of the value, the whole of an object or array; "" when absent
	// exact tells whether gjson reads a string exactly (see exactString); only then is str its
	// unescaped text.
	exact bool
	str   string
	num   float64
}

func (v *jsonValue) exists() bool {
	return v.raw != ""
}

// text returns the text of a string that gjson reads exactly, and false for any other value.
func (v *jsonValue) text() (string, bool) {
	return v.str, v.typ == gjson.String && v.exact
}

// readScalar sets *v to raw, a string, number, true, false or null read by the parser (escaped:
// a string with escapes). It sets field by field: a composite literal is built on the stack and
// then copied, which costs the screen more than it would seem.
func readScalar(v *jsonValue, raw string, escaped bool) {
	v.raw, v.exact, v.str, v.num = raw, false, "", 0
	switch raw[0] {
	case '"':
		v.typ, v.exact, v.str = gjson.String, true, raw[1:len(raw)-1]
		if escaped {
			v.str, v.exact = exactString(gjson.Parse(raw)) // gjson's own unescaping, which exactString knows
		}
	case 't':
		v.typ = gjson.True
	case 'f':
		v.typ = gjson.False
	case 'n':
		v.typ = gjson.Null
	default:
		// The parser has rejected the numbers ParseFloat fails on.
		v.typ = gjson.Number
		v.num, _ = strconv.ParseFloat(raw, 64)
	}
}

package pagefold

import (
	"testing"

	"github.com/tidwall/gjson"
)

func TestSchemaValid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		schema, value string
		want          bool
	}{
		{`{}`, `{"a":[1,{"b":null}]}`, true},
		{`{"type":"string"}`, `"x"`, true},
		{`{"type":"string"}`, `1`, false},
		{`{"type":["string","null"]}`, `null`, true},
		{`{"type":["string","null"]}`, `false`, false},
		{`{"type":"boolean"}`, `false`, true},
		{`{"type":"object"}`, `[]`, false},
		{`{"type":"array"}`, `{}`, false},
		{`{"type":"number"}`, `-1.5e-3`, true},
		{`{"type":"number"}`, `1e400`, false},
		{`{"type":"integer"}`, `10`, true},
		{`{"type":"integer"}`, `1.0e1`, true},
		{`{"type":"integer"}`, `10.25`, false},
		{`{"type":"integer"}`, `"10"`, false},
		{`{"const":"a\u00e9"}`, `"aé"`, true},
		{`{"const":"a"}`, `"b"`, false},
		{`{"const":1}`, `1.0`, true},
		{`{"const":1}`, `"1"`, false},
		{`{"const":true}`, `true`, true},
		{`{"const":true}`, `false`, false},
		{`{"const":null}`, `null`, true},
		{`{"const":null}`, `0`, false},
		{`{"const":"\ufffd"}`, `"\ud800"`, false}, // gjson reads both as U+FFFD; JavaScript does not
		{`{"const":"😀"}`, `"\ud83d\ude00"`, true},
		{`{"enum":["a",2,null]}`, `2`, true},
		{`{"enum":["a",2,null]}`, `"2"`, false},
		{`{"anyOf":[{"type":"string"},{"const":3}]}`, `3`, true},
		{`{"anyOf":[{"type":"string"},{"const":3}]}`, `4`, false},
		{`{"type":"string","anyOf":[{"const":"a"},{"const":1}]}`, `1`, false},
		{`{"items":{"type":"integer"}}`, `[1,2,3]`, true},
		{`{"items":{"type":"integer"}}`, `[1,2.5]`, false},
		{`{"items":{"type":"integer"}}`, `"not an array"`, true},
		{`{"required":["a"]}`, `{"a":null}`, true},
		{`{"required":["a"]}`, `{"b":1}`, false},
		{`{"required":["a"]}`, `"not an object"`, true},
		{`{"properties":{"a":{"type":"string"}}}`, `{}`, true},
		{`{"properties":{"a":{"type":"string"}}}`, `{"a":1}`, false},
		{`{"properties":{"a":{"type":"string"}},"additionalProperties":false}`, `{"a":"x","b":1}`, false},
		{`{"properties":{"a":{"type":"string"}},"additionalProperties":true}`, `{"a":"x","b":1}`, true},
		{`{"additionalProperties":false,"required":["a"]}`, `{"a":1}`, false}, // required, never allowed
		{`{"properties":{"a":{"type":"string"}}}`, `{"a":"x","a":"y"}`, false},
		{`{"properties":{"a":{"type":"string"}}}`, `{"b":1,"c":2,"b":3}`, false},
		{`{"properties":{"o":{"properties":{"x":{}}}}}`, `{"o":{"x":1,"y":[{"x":1,"x":2}]},"p":{"y":1}}`, true},
		{`{"properties":{"o":{"properties":{"x":{}}}}}`, `{"o":{"y":1,"x":1,"y":2}}`, false},
		{`{"items":{"properties":{"x":{"type":"string"}}}}`, `[{"x":"a"},{"x":"b","x":"c"}]`, false},
		{`{"properties":{"\u00e9":{"const":1}}}`, `{"\u00e9":2}`, false},
		{`{"properties":{"a":{}}}`, `{"\ud800":1,"\udc00":2}`, false},
		{`{"properties":{"valueOf":{"type":"string"}}}`, `{"valueOf":"x"}`, true},
		{`{"properties":{"valueOf":{"type":"string"}}}`, `{}`, false}, // JS reads Object.prototype.valueOf
		{`{"$id":"X","title":"t","description":"d","default":1,"examples":[1],"$schema":"s"}`, `"anything"`, true},
	}
	for _, tc := range cases {
		s, err := compileSchema(gjson.Parse(tc.schema), "schema")
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		if !gjson.Valid(tc.value) {
			t.Fatalf("%s is not valid JSON", tc.value)
		}
		var sc scratch
		if got := validValue(s, tc.value, &sc); got != tc.want {
			t.Errorf("%s against %s = %v, want %v", tc.value, tc.schema, got, tc.want)
		}
		if len(sc.keys) != 0 || len(sc.seen) != 0 {
			t.Errorf("%s against %s left the scratch at %d keys, %d seen", tc.value, tc.schema, len(sc.keys), len(sc.seen))
		}
	}
}

// validValue reports whether value, JSON text with no whitespace around it, conforms to s.
func validValue(s *schema, value string, sc *scratch) bool {
	p := parser{s: value}
	return p.value(s, sc, nil, nil, 0) && p.i == len(value)
}

func TestContainsFoldASCII(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s, needle string
		want      bool
	}{
		{"Onion SOUP", "soup", true},
		{"soup", "soup", true},
		{"sou", "soup", false},
		{"anything", "", true},
		{"", "", true},
		{"Soupe à l'oignon", "soup", false}, // not ASCII: doubt rather than guess
		{"[x]", "[x]", true},
		{"AZ@[", "az@[", true},
		{"@", "`", false}, // only A-Z are lowered
	}
	for _, tc := range cases {
		if got := containsFoldASCII(tc.s, tc.needle); got != tc.want {
			t.Errorf("containsFoldASCII(%q, %q) = %v, want %v", tc.s, tc.needle, got, tc.want)
		}
	}
}

package pagefold

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The specs the harness sends, as printed by
// JSON.stringify({record: m.Order, pagination: m.Pagination}) from lib/contract/schemas.ts.
const (
	ordersSpec    = `{"record":{"$id":"Order","additionalProperties":true,"type":"object","required":["id","status"],"properties":{"id":{"type":"string"},"number":{"anyOf":[{"type":"string"},{"type":"null"}]},"status":{"anyOf":[{"const":"OPEN","type":"string"},{"const":"SENT_TO_KITCHEN","type":"string"},{"const":"PAID","type":"string"},{"const":"CLOSED","type":"string"},{"const":"CANCELLED","type":"string"}]},"locationId":{"anyOf":[{"type":"string"},{"type":"null"}]}}},"pagination":{"$id":"Pagination","additionalProperties":false,"type":"object","required":["nextPageToken","hasMore"],"properties":{"nextPageToken":{"anyOf":[{"type":"string"},{"type":"null"}]},"hasMore":{"type":"boolean"}}}}`
	menuItemsSpec = `{"record":{"$id":"MenuItem","additionalProperties":true,"type":"object","required":["id","name","status"],"properties":{"id":{"type":"string"},"name":{"type":"string"},"sku":{"anyOf":[{"type":"string"},{"type":"null"}]},"status":{"anyOf":[{"const":"ACTIVE","type":"string"},{"const":"STOP_LIST","type":"string"},{"const":"ARCHIVED","type":"string"}]}}},"pagination":{"$id":"Pagination","additionalProperties":false,"type":"object","required":["nextPageToken","hasMore"],"properties":{"nextPageToken":{"anyOf":[{"type":"string"},{"type":"null"}]},"hasMore":{"type":"boolean"}}}}`
	// A record schema that does not constrain id, to test the screen's own id checks, and one
	// with an integer and an optional property named like an Object.prototype member (which a
	// JavaScript check of a record without it reads through the prototype chain: doubt).
	looseSpec   = `{"record":{"type":"object"},"pagination":{"type":"object"}}`
	integerSpec = `{"record":{"type":"object","required":["id","seq"],"properties":{"id":{"type":"string"},"seq":{"type":"integer"},"toString":{"type":"string"}}},"pagination":{"type":"object"}}`

	morePage = `"pagination":{"nextPageToken":"t2","hasMore":true}`
	lastPage = `"pagination":{"nextPageToken":null,"hasMore":false}`
)

// order is an order record with a few fields the schema does not list, as the API may add.
func order(id, status string) string {
	return fmt.Sprintf(`{"id":%q,"number":"A-%s","status":%q,"locationId":"loc-1","total":12.5,"lines":[{"sku":"x","qty":2}]}`,
		id, id, status)
}

func page(records ...string) string {
	return `{"data":[` + strings.Join(records, ",") + `],` + morePage + `}`
}

func mustWalk(t testing.TB, spec, walkJSON string) *walk {
	t.Helper()
	s, err := newScreen(spec)
	if err != nil {
		t.Fatalf("newScreen: %v", err)
	}
	w, err := s.newWalk(walkJSON, nil)
	if err != nil {
		t.Fatalf("walk: %v", err)
	}
	return w
}

const noRules = `{"rules":[],"foreignIds":[]}`

func TestScreenClean(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, spec, walk, body string
		want                   digest
	}{
		{
			name: "orders",
			spec: ordersSpec, walk: noRules,
			body: page(order("o1", "OPEN"), order("o2", "PAID"), order("o3", "CANCELLED")),
			want: digest{Clean: true, Count: 3, HasMore: true, NextPageToken: "t2", Fingerprint: "o1,o2,o3"},
		},
		{
			name: "menu items, last page",
			spec: menuItemsSpec, walk: noRules,
			body: `{"data":[{"id":"m1","name":"Soup","sku":null,"status":"ACTIVE"},{"id":"m2","name":"Tea","status":"ARCHIVED","categoryId":"c1"}],` + lastPage + `}`,
			want: digest{Clean: true, Count: 2, Fingerprint: "m1,m2"},
		},
		{
			name: "empty page",
			spec: ordersSpec, walk: noRules,
			body: `{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}`,
			want: digest{Clean: true},
		},
		{
			name: "extra top-level keys and whitespace",
			spec: ordersSpec, walk: noRules,
			body: "\n { \"meta\" : {\"n\":1}, \"data\" : [ " + order("o1", "OPEN") + " ] ,\t" + lastPage + " } \r\n",
			want: digest{Clean: true, Count: 1, Fingerprint: "o1"},
		},
		{
			name: "escaped strings are unescaped",
			spec: ordersSpec, walk: noRules,
			body: `{"data":[{"id":"a\"b","status":"OP\u0045N"},{"i\u0064":"c\\d,e","status":"PAID"},{"id":"\ud83d\ude00\\ud800","status":"PAID"}],"pagination":{"nextPageToken":"caf\u00e9\/1","hasMore":true}}`,
			want: digest{Clean: true, Count: 3, HasMore: true, NextPageToken: "café/1", Fingerprint: `a"b,c\d,e,😀\ud800`},
		},
		{
			name: "every rule kind holding",
			spec: menuItemsSpec,
			walk: `{"rules":[` +
				`{"label":"status=ACTIVE","kind":"equals","field":"status","values":["ACTIVE"]},` +
				`{"kind":"oneOf","field":"status","values":["STOP_LIST","ACTIVE"]},` +
				`{"kind":"absentOrEquals","field":"categoryId","values":["c1"]},` +
				`{"kind":"containsFold","fields":["name","sku"],"values":["SoU"]}` +
				`],"foreignIds":["other-1"]}`,
			body: `{"data":[{"id":"m1","name":"Onion SOUP","status":"ACTIVE","categoryId":"c1"},{"id":"m2","name":"Tea","sku":"soup-2","status":"ACTIVE"}],` + lastPage + `}`,
			want: digest{Clean: true, Count: 2, Fingerprint: "m1,m2"},
		},
		{
			name: "numbers and nesting encoding/json decodes",
			spec: ordersSpec, walk: noRules,
			body: `{"data":[{"id":"o1","status":"OPEN","x":[1e-400,1.7976931348623157e308,"1e400"],"deep":` +
				strings.Repeat("[", maxDepth-3) + strings.Repeat("]", maxDepth-3) + `}],` + lastPage + `}`,
			want: digest{Clean: true, Count: 1, Fingerprint: "o1"},
		},
		{
			name: "long and non-ASCII strings",
			spec: menuItemsSpec, walk: `{"rules":[{"kind":"containsFold","fields":["name"],"values":["soup of"]}],"foreignIds":[]}`,
			body: `{"data":[{"id":"menu-item-0000000001-été","name":"A long SOUP OF THE DAY, with bread","status":"ACTIVE"},{"id":"😀 \\\"\u00e9\"","name":"soup of","status":"STOP_LIST"}],` + lastPage + `}`,
			want: digest{Clean: true, Count: 2, Fingerprint: `menu-item-0000000001-été,😀 \"é"`},
		},
		{
			name: "integer with a zero fraction",
			spec: integerSpec, walk: noRules,
			body: `{"data":[{"id":"i1","seq":3,"toString":"x"},{"id":"i2","seq":4.0,"toString":"y"},{"id":"i3","seq":-5e2,"toString":""}],` + lastPage + `}`,
			want: digest{Clean: true, Count: 3, Fingerprint: "i1,i2,i3"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := mustWalk(t, tc.spec, tc.walk)
			w.set("before", 0)
			got := w.screenPage(tc.body, 4)
			if got != tc.want {
				t.Fatalf("digest = %+v, want %+v", got, tc.want)
			}
			want, order := map[string]int{"before": 0}, []string{"before"}
			if tc.want.Fingerprint != "" {
				for _, id := range splitIds(tc.want.Fingerprint) {
					want[id] = 4
					order = append(order, id)
				}
			}
			if !maps.Equal(w.index, want) || !slices.Equal(w.order, order) {
				t.Fatalf("index = %v in order %q, want %v in order %q", w.index, w.order, want, order)
			}
		})
	}
}

// splitIds splits a fingerprint of test ids; the one id with a comma is known.
func splitIds(fingerprint string) []string {
	if strings.HasPrefix(fingerprint, `a"b,`) {
		return []string{`a"b`, `c\d,e`, `😀\ud800`}
	}
	return strings.Split(fingerprint, ",")
}

func TestScreenDoubt(t *testing.T) {
	t.Parallel()
	const (
		equalsOpen   = `{"rules":[{"kind":"equals","field":"status","values":["OPEN"]}],"foreignIds":[]}`
		activeOnly   = `{"rules":[{"kind":"oneOf","field":"status","values":["OPEN","SENT_TO_KITCHEN"]}],"foreignIds":[]}`
		locationL1   = `{"rules":[{"kind":"absentOrEquals","field":"locationId","values":["loc-1"]}],"foreignIds":[]}`
		qSoup        = `{"rules":[{"kind":"containsFold","fields":["name","sku"],"values":["soup"]}],"foreignIds":[]}`
		qNonASCII    = `{"rules":[{"kind":"containsFold","fields":["name","sku"],"values":["café"]}],"foreignIds":[]}`
		qDottedI     = `{"rules":[{"kind":"containsFold","fields":["name","sku"],"values":["\u0130"]}],"foreignIds":[]}`
		inheritedAbs = `{"rules":[{"kind":"absentOrEquals","field":"constructor","values":["x"]}],"foreignIds":[]}`
	)
	ok1, ok2 := order("n1", "OPEN"), order("n2", "OPEN")
	cases := []struct {
		name, spec, walk, body string
	}{
		{"invalid JSON", ordersSpec, noRules, `{"data":[],` + lastPage},
		{"trailing garbage", ordersSpec, noRules, page(ok1) + " x"},
		{"empty body", ordersSpec, noRules, ``},
		{"top-level array", ordersSpec, noRules, `[` + page(ok1) + `]`},
		{"data not an array", ordersSpec, noRules, `{"data":{"0":` + ok1 + `},` + morePage + `}`},
		{"data missing", ordersSpec, noRules, `{` + morePage + `}`},
		{"pagination missing", ordersSpec, noRules, `{"data":[` + ok1 + `]}`},
		{"pagination null", ordersSpec, noRules, `{"data":[` + ok1 + `],"pagination":null}`},
		{"pagination extra key", ordersSpec, noRules, `{"data":[` + ok1 + `],"pagination":{"nextPageToken":null,"hasMore":false,"total":1}}`},
		{"pagination hasMore not boolean", ordersSpec, noRules, `{"data":[` + ok1 + `],"pagination":{"nextPageToken":"t","hasMore":"true"}}`},
		{"pagination token a number", ordersSpec, noRules, `{"data":[` + ok1 + `],"pagination":{"nextPageToken":2,"hasMore":true}}`},
		{"pagination token missing, loose schema", looseSpec, noRules, `{"data":[` + ok1 + `],"pagination":{"hasMore":false}}`},
		{"pagination duplicate key", ordersSpec, noRules, `{"data":[` + ok1 + `],"pagination":{"nextPageToken":null,"hasMore":false,"hasMore":true}}`},
		{"record missing required status", ordersSpec, noRules, page(ok1, `{"id":"n3"}`)},
		{"record with wrong type", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","number":7}`)},
		{"status not in the enum", ordersSpec, noRules, page(ok1, order("n3", "open"))},
		{"record not an object", ordersSpec, noRules, page(ok1, `"n3"`)},
		{"fraction for an integer", integerSpec, noRules, `{"data":[{"id":"i1","seq":1.5}],` + lastPage + `}`},
		{"integer overflowing to Infinity", integerSpec, noRules, `{"data":[{"id":"i1","seq":1e400}],` + lastPage + `}`},
		{"optional Object.prototype member absent", integerSpec, noRules, `{"data":[{"id":"i1","seq":1}],` + lastPage + `}`},
		{"duplicate id on the page", ordersSpec, noRules, page(ok1, ok2, order("n1", "PAID"))},
		{"id seen on an earlier page", ordersSpec, noRules, page(ok1, ok2, order("seen-1", "OPEN"))},
		{"id not a string", looseSpec, noRules, `{"data":[{"id":"n1"},{"id":7}],` + lastPage + `}`},
		{"id missing", looseSpec, noRules, `{"data":[{"id":"n1"},{"ID":"n2"}],` + lastPage + `}`},
		{"id escapes a lone surrogate", ordersSpec, noRules, page(ok1, `{"id":"\ud83d","status":"OPEN"}`)},
		{"id escapes a lone surrogate before an escape", ordersSpec, noRules, page(ok1, `{"id":"\ud83d\u0041","status":"OPEN"}`)},
		{"status escapes a lone surrogate", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN\udc00"}`)},
		{"foreign id", ordersSpec, `{"rules":[],"foreignIds":["f1","n2"]}`, page(ok1, ok2)},
		{"equals fails", ordersSpec, equalsOpen, page(ok1, order("n3", "PAID"))},
		{"equals field absent", menuItemsSpec, `{"rules":[{"kind":"equals","field":"sku","values":["s"]}],"foreignIds":[]}`, `{"data":[{"id":"m1","name":"a","status":"ACTIVE"}],` + lastPage + `}`},
		{"oneOf fails", ordersSpec, activeOnly, page(ok1, order("n3", "CLOSED"))},
		{"oneOf on a non-string", looseSpec, `{"rules":[{"kind":"oneOf","field":"n","values":["1"]}],"foreignIds":[]}`, `{"data":[{"id":"n1","n":1}],` + lastPage + `}`},
		{"absentOrEquals differs", ordersSpec, locationL1, page(ok1, `{"id":"n3","status":"OPEN","locationId":"loc-2"}`)},
		{"absentOrEquals null", ordersSpec, locationL1, page(ok1, `{"id":"n3","status":"OPEN","locationId":null}`)},
		{"absentOrEquals on an inherited name", ordersSpec, inheritedAbs, page(ok1)},
		{"containsFold fails", menuItemsSpec, qSoup, `{"data":[{"id":"m1","name":"Soup","status":"ACTIVE"},{"id":"m2","name":"Tea","sku":"T-1","status":"ACTIVE"}],` + lastPage + `}`},
		{"containsFold non-ASCII candidate", menuItemsSpec, qSoup, `{"data":[{"id":"m1","name":"Soupe à l'oignon","status":"ACTIVE"}],` + lastPage + `}`},
		{"containsFold non-ASCII needle", menuItemsSpec, qNonASCII, `{"data":[{"id":"m1","name":"café","status":"ACTIVE"}],` + lastPage + `}`},
		// Go lowers İ to i, JavaScript to i + U+0307, which "pizza" does not contain.
		{"containsFold needle lowering to ASCII in Go", menuItemsSpec, qDottedI, `{"data":[{"id":"m1","name":"pizza","status":"ACTIVE"}],` + lastPage + `}`},
		{"number out of float64 range in an unlisted field", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","x":{"y":[-1e400]}}`)},
		{"nesting deeper than encoding/json decodes", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","deep":`+strings.Repeat("[", maxDepth-2)+strings.Repeat("]", maxDepth-2)+`}`)},
		{"duplicate key in a record", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","status":"bogus"}`)},
		{"duplicate unlisted key in a record", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","x":1,"y":2,"x":3}`)},
		{"duplicate escaped key in a record", ordersSpec, noRules, page(ok1, `{"id":"n3","status":"OPEN","\u0069d":"n4"}`)},
		{"id not UTF-8", ordersSpec, noRules, page(ok1, "{\"id\":\"n3\xff\",\"status\":\"OPEN\"}")},
		// encoding/json reads both ids as "a\ufffd".
		{"ids differing only in bytes that are not UTF-8", looseSpec, noRules, "{\"data\":[{\"id\":\"a\xff\"},{\"id\":\"a\xfe\"}]," + lastPage + "}"},
		{"key not UTF-8", ordersSpec, noRules, page(ok1, "{\"id\":\"n3\",\"status\":\"OPEN\",\"\xc3\":1}")},
		{"duplicate top-level data", ordersSpec, noRules, `{"data":[` + ok1 + `],"data":[],` + lastPage + `}`},
		{"duplicate top-level unlisted key", ordersSpec, noRules, `{"x":1,"data":[` + ok1 + `],"x":2,` + lastPage + `}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := mustWalk(t, tc.spec, tc.walk)
			w.set("seen-1", 0)
			if got := w.screenPage(tc.body, 1); got != (digest{}) {
				t.Fatalf("digest = %+v, want doubt", got)
			}
			if want := map[string]int{"seen-1": 0}; !maps.Equal(w.index, want) || !slices.Equal(w.order, []string{"seen-1"}) {
				t.Fatalf("index = %v in order %q, want it unchanged", w.index, w.order)
			}
		})
	}
}

func TestNewScreenErrors(t *testing.T) {
	t.Parallel()
	pagination := `"pagination":{"type":"object"}`
	cases := []struct{ name, spec, want string }{
		{"unsupported keyword", `{"record":{"type":"object","properties":{"id":{"type":"string","pattern":"^o"}}},` + pagination + `}`, `record.properties.id: unsupported keyword "pattern"`},
		{"$ref", `{"record":{"$ref":"#/x"},` + pagination + `}`, `unsupported keyword "$ref"`},
		{"oneOf in anyOf", `{"record":{"anyOf":[{"oneOf":[]}]},` + pagination + `}`, `record.anyOf[0]: unsupported keyword "oneOf"`},
		{"minimum in pagination", `{"record":{},"pagination":{"minimum":1}}`, `pagination: unsupported keyword "minimum"`},
		{"additionalProperties schema", `{"record":{"additionalProperties":{"type":"string"}},` + pagination + `}`, `only the boolean form`},
		{"items array", `{"record":{"items":[{}]},` + pagination + `}`, `only a single schema`},
		{"unknown type", `{"record":{"type":"float"},` + pagination + `}`, `unknown type "float"`},
		{"object const", `{"record":{"const":{}},` + pagination + `}`, `record.const: only string, number, boolean and null`},
		{"empty enum", `{"record":{"enum":[]},` + pagination + `}`, `must not be empty`},
		{"schema not an object", `{"record":true,` + pagination + `}`, `a schema must be a JSON object`},
		{"duplicate key", `{"record":{"type":"object","type":"string"},` + pagination + `}`, `duplicate key "type"`},
		{"pagination missing", `{"record":{}}`, `needs both`},
		{"unknown spec key", `{"record":{},` + pagination + `,"extra":{}}`, `unknown key "extra"`},
		{"invalid JSON", `{"record":`, `not valid JSON`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := newScreen(tc.spec)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestWalkErrors(t *testing.T) {
	t.Parallel()
	s, err := newScreen(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, walk, want string }{
		{"unknown kind", `{"rules":[{"kind":"startsWith","field":"status","values":["O"]}],"foreignIds":[]}`, `walkJSON.rules[0]: unknown rule kind "startsWith"`},
		{"missing kind", `{"rules":[{"field":"status","values":["O"]}],"foreignIds":[]}`, `unknown rule kind`},
		{"missing field", `{"rules":[{"kind":"equals","values":["O"]}],"foreignIds":[]}`, `needs field`},
		{"missing fields", `{"rules":[{"kind":"containsFold","field":"name","values":["O"]}],"foreignIds":[]}`, `fields must be an array of strings`},
		{"missing values", `{"rules":[{"kind":"oneOf","field":"status"}],"foreignIds":[]}`, `values must be an array of strings`},
		{"no first value", `{"rules":[{"kind":"equals","field":"status","values":[]}],"foreignIds":[]}`, `needs a first value`},
		{"unknown rule key", `{"rules":[{"kind":"equals","field":"status","values":["O"],"negate":true}],"foreignIds":[]}`, `unknown key "negate"`},
		{"foreignIds missing", `{"rules":[]}`, `foreignIds must be an array of strings`},
		{"foreign id not a string", `{"rules":[],"foreignIds":[1]}`, `foreignIds must be an array of strings`},
		{"unknown key", `{"rules":[],"foreignIds":[],"foreignIDs":[]}`, `unknown key "foreignIDs"`},
		{"malformed", `{"rules":[}`, `not valid JSON`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := s.newWalk(tc.walk, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func BenchmarkScreen50Orders(b *testing.B) {
	records := make([]string, 50)
	for i := range records {
		records[i] = order(fmt.Sprintf("ord_%06d", i), "OPEN")
	}
	body := page(records...)
	w := mustWalk(b, ordersSpec, `{"rules":[{"kind":"oneOf","field":"status","values":["OPEN","SENT_TO_KITCHEN"]},{"kind":"absentOrEquals","field":"locationId","values":["loc-1"]}],"foreignIds":["f1"]}`)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		clear(w.index) // each iteration is the walk's first page
		w.order = w.order[:0]
		if !w.screenPage(body, 0).Clean {
			b.Fatal("doubt")
		}
	}
}

// foldWalk is a walk of orders with limit 3 and room for 10 pages, told both bounds.
const foldWalk = `{"rules":[],"foreignIds":[],"limit":3,"maxPages":10}`

func TestFold(t *testing.T) {
	t.Parallel()
	type state struct {
		index          map[string]int
		tokens, prints []string
	}
	snapshot := func(w *walk) state {
		return state{maps.Clone(w.index), slices.Sorted(maps.Keys(w.tokens)), slices.Sorted(maps.Keys(w.prints))}
	}
	more := func(token string, records ...string) string {
		return `{"data":[` + strings.Join(records, ",") + `],"pagination":{"nextPageToken":"` + token + `","hasMore":true}}`
	}
	// Page 0 of every case (folded first): o1 with token t1.
	cases := []struct {
		name, walk, body string
		page             int
		clean            bool
	}{
		{"a page with more", foldWalk, more("t2", order("o2", "OPEN")), 1, true},
		{"the last page", foldWalk, `{"data":[` + order("o2", "OPEN") + `],` + lastPage + `}`, 1, true},
		{"an empty last page", foldWalk, `{"data":[],` + lastPage + `}`, 1, true},
		{"a full page", foldWalk, more("t2", order("o2", "OPEN"), order("o3", "OPEN"), order("o4", "OPEN")), 1, true},
		// Doubts, one per condition of certifies.
		{"limit not given", `{"rules":[],"foreignIds":[],"maxPages":10}`, more("t2", order("o2", "OPEN")), 1, false},
		{"limit null", `{"rules":[],"foreignIds":[],"limit":null,"maxPages":10}`, more("t2", order("o2", "OPEN")), 1, false},
		{"maxPages not given", `{"rules":[],"foreignIds":[],"limit":3}`, more("t2", order("o2", "OPEN")), 1, false},
		{"more without a token", foldWalk, `{"data":[` + order("o2", "OPEN") + `],"pagination":{"nextPageToken":null,"hasMore":true}}`, 1, false},
		{"a token without more", foldWalk, `{"data":[` + order("o2", "OPEN") + `],"pagination":{"nextPageToken":"t2","hasMore":false}}`, 1, false},
		{"over the limit", foldWalk, more("t2", order("o2", "OPEN"), order("o3", "OPEN"), order("o4", "OPEN"), order("o5", "OPEN")), 1, false},
		{"a token seen before", foldWalk, more("t1", order("o2", "OPEN")), 1, false},
		{"more at the page bound", foldWalk, more("t2", order("o2", "OPEN")), 9, false},
		{"a doubt of the screen", foldWalk, more("t2", order("o1", "OPEN")), 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := mustWalk(t, ordersSpec, tc.walk)
			if _, ok := w.fold(more("t1", order("o1", "OPEN")), 0); ok != (tc.walk == foldWalk) {
				t.Fatalf("first page folded: %v", ok)
			}
			if tc.walk != foldWalk { // the walk cannot fold: its pages go through JavaScript
				w.set("o1", 0)
				w.tokens["t1"] = struct{}{}
			}
			before := snapshot(w)
			d, ok := w.fold(tc.body, tc.page)
			if ok != tc.clean {
				t.Fatalf("folded = %v, want %v (digest %+v)", ok, tc.clean, d)
			}
			after := snapshot(w)
			if !tc.clean {
				if !reflect.DeepEqual(after, before) {
					t.Fatalf("state = %+v, want it unchanged: %+v", after, before)
				}
				return
			}
			if len(after.index) != len(before.index)+d.Count || d.HasMore != slices.Contains(after.tokens, "t2") {
				t.Fatalf("state after folding %+v: %+v", d, after)
			}
			if d.Count > 0 != slices.Contains(after.prints, d.Fingerprint) {
				t.Fatalf("fingerprint %q not recorded: %+v", d.Fingerprint, after)
			}
		})
	}
}

// certifies also refuses a page served twice. No page the screen passes can be one (its ids
// would be in the index already), so this is its only test.
func TestCertifiesRefusesARepeatedPage(t *testing.T) {
	t.Parallel()
	w := mustWalk(t, ordersSpec, foldWalk)
	w.prints["o1,o2"] = struct{}{}
	if w.certifies(&digest{Clean: true, Count: 2, HasMore: true, NextPageToken: "t9", Fingerprint: "o1,o2"}, 3) {
		t.Fatal("certified a page whose fingerprint the walk has seen")
	}
	if !w.certifies(&digest{Clean: true, Count: 2, HasMore: true, NextPageToken: "t9", Fingerprint: "o3,o4"}, 3) {
		t.Fatal("refused a new page")
	}
}

func TestFoldBounds(t *testing.T) {
	t.Parallel()
	s, err := newScreen(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	for _, walkJSON := range []string{
		`{"rules":[],"foreignIds":[],"limit":2.5}`,
		`{"rules":[],"foreignIds":[],"limit":-1}`,
		`{"rules":[],"foreignIds":[],"limit":"3"}`,
		`{"rules":[],"foreignIds":[],"maxPages":0}`,
		`{"rules":[],"foreignIds":[],"maxPages":1e300}`,
	} {
		if _, err := s.newWalk(walkJSON, nil); err == nil || !strings.Contains(err.Error(), "whole number") {
			t.Errorf("%s: err = %v, want a whole-number error", walkJSON, err)
		}
	}
}

// Walks made from the same walkJSON share what was read of it, never their state.
func TestWalksShareTheirSpec(t *testing.T) {
	t.Parallel()
	s, err := newScreen(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	a, errA := s.newWalk(foldWalk, nil)
	b, errB := s.newWalk(foldWalk, nil)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if len(s.specs) != 1 || a.record != b.record {
		t.Fatalf("%d specs read for one walkJSON", len(s.specs))
	}
	body := `{"data":[` + order("o1", "OPEN") + `],"pagination":{"nextPageToken":"t1","hasMore":true}}`
	if _, ok := a.fold(body, 0); !ok {
		t.Fatal("a: not folded")
	}
	if len(b.index) != 0 || len(b.tokens) != 0 || len(b.prints) != 0 {
		t.Fatalf("b shares a's state: %v %v %v", b.index, b.tokens, b.prints)
	}
	if _, ok := b.fold(body, 0); !ok {
		t.Fatal("b: not folded")
	}
	if _, err := s.newWalk(`{"rules":7}`, nil); err == nil || len(s.specs) != 1 {
		t.Fatalf("a bad walkJSON: err %v, %d specs", err, len(s.specs))
	}
}

func TestWalksOfASpecStartAsLargeAsTheLargestBefore(t *testing.T) {
	t.Parallel()
	s, err := newScreen(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.newWalk(foldWalk, nil)
	if err != nil {
		t.Fatal(err)
	}
	page := func(ids ...string) string {
		records := make([]string, len(ids))
		for i, id := range ids {
			records[i] = order(id, "OPEN")
		}
		return `{"data":[` + strings.Join(records, ",") + `],"pagination":{"nextPageToken":"t` + ids[0] + `","hasMore":true}}`
	}
	for i, body := range []string{page("o1", "o2"), page("o3", "o4", "o5")} {
		if _, ok := first.fold(body, i); !ok {
			t.Fatalf("page %d not folded", i)
		}
	}
	if first.spec.ids != 5 {
		t.Fatalf("the spec's hint is %d after a walk of 5 ids", first.spec.ids)
	}
	// A page the fold doubts (an id seen before) adds nothing to the hint.
	if _, ok := first.fold(page("o1"), 2); ok || first.spec.ids != 5 {
		t.Fatalf("a doubted page: folded %v, hint %d", ok, first.spec.ids)
	}
	next, err := s.newWalk(foldWalk, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.index) != 0 || cap(next.order) != 5 {
		t.Fatalf("the next walk starts with %d ids and room for %d", len(next.index), cap(next.order))
	}
	next.spec.ids = 0
	next.order = make([]string, maxIDsHint+1)
	next.noteSize()
	if next.spec.ids != maxIDsHint {
		t.Fatalf("the hint is %d, above its bound %d", next.spec.ids, maxIDsHint)
	}
}

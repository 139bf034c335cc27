package pagefold

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tidwall/gjson"
)

// screen is a compiled spec: the schemas of one endpoint's records and pagination object.
// It is never modified after newScreen, so its walks share it.
type screen struct {
	record *schema
	// pagination collects hasMore and nextPageToken, at the indexes below.
	pagination             *schema
	hasMore, nextPageToken int
	// specs are the walkJSONs read so far (see newWalk).
	specs map[string]*walkSpec
}

func newScreen(specJSON string) (*screen, error) {
	spec, err := parseObject(specJSON, "specJSON")
	if err != nil {
		return nil, err
	}
	var record, pagination *schema
	err = members(spec, "specJSON", func(key string, v gjson.Result) error {
		var err error
		switch key {
		case "record":
			record, err = compileSchema(v, "record")
		case "pagination":
			pagination, err = compileSchema(v, "pagination")
		default:
			err = fmt.Errorf("specJSON: unknown key %q (expected record and pagination)", key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if record == nil || pagination == nil {
		return nil, fmt.Errorf("specJSON needs both record and pagination")
	}
	s := &screen{record: record}
	var at []int
	s.pagination, at = pagination.withFields("hasMore", "nextPageToken")
	s.hasMore, s.nextPageToken = at[0], at[1]
	return s, nil
}

type ruleKind uint8

const (
	ruleEquals ruleKind = iota
	ruleOneOf
	ruleAbsentOrEquals
	ruleContainsFold
)

var ruleKinds = map[string]ruleKind{
	"equals":         ruleEquals,
	"oneOf":          ruleOneOf,
	"absentOrEquals": ruleAbsentOrEquals,
	"containsFold":   ruleContainsFold,
}

// rule is one filter rule, the Go twin of ruleHolds in lib/checks/filter-rules.ts.
type rule struct {
	kind ruleKind
	// fields are indexes in walk.record.props: one for every kind but containsFold.
	fields []int
	// values are the strings the field may equal (see comparable); equals and absentOrEquals
	// have values[0] only.
	values []string
	// needle is containsFold's values[0], lower-cased. Only ASCII strings are searched (see
	// containsFoldASCII), so a needle that is not pure ASCII never matches.
	needle string
}

// walk is the state of one walk: its rules and foreign ids, and the index of the ids seen.
type walk struct {
	screen *screen
	spec   *walkSpec
	// record is the screen's record schema, also collecting the id and the rules' fields.
	record  *schema
	id      int // index of "id" in record.props
	rules   []rule
	foreign map[string]struct{}
	index   map[string]int // id -> 0-based index of the page it was first seen on
	order   []string       // the index's ids in the order they were added, as Map keeps them

	// What fold needs to vouch for the page checks that read no record (see certifies): the
	// page-size limit and the walk's page bound, as walkJSON gave them (zero: not given, and
	// fold always doubts), and the walk's next-page tokens and page fingerprints so far, which
	// JavaScript reads and adds to as well (walk.tokens and walk.fingerprints).
	limit, maxPages int
	tokens, prints  seenSet

	// Reused by every page (and zeroed after each, see release), so that screening a page
	// allocates only its fingerprint, its token and the index's growth.
	sc      scratch
	pagVals []jsonValue
	recVals []jsonValue
	ids     []string
}

// digest is what screenPage read of a page, all zero values on doubt (walk.screen in JavaScript
// turns it into null or a screened page, see screenedPage).
type digest struct {
	Clean   bool
	Count   int
	HasMore bool
	// NextPageToken is a string, or nil (JavaScript null) for JSON null.
	NextPageToken any
	Fingerprint   string
}

// idSet is a set of ids made once and shared, never modified, by the walks given it.
type idSet struct {
	ids map[string]struct{}
}

func newIDSet(idsJSON string) (*idSet, error) {
	if !gjson.Valid(idsJSON) {
		return nil, fmt.Errorf("idsJSON is not valid JSON")
	}
	elems, err := stringArray(gjson.Parse(idsJSON), "idsJSON")
	if err != nil {
		return nil, err
	}
	set := &idSet{ids: make(map[string]struct{}, len(elems))}
	for _, id := range comparable(elems) {
		set.ids[id] = struct{}{}
	}
	return set, nil
}

// walkSpec is a walkJSON as read: what walks made from the same walkJSON share, read only.
type walkSpec struct {
	record          *schema
	id              int
	rules           []rule
	limit, maxPages int
	foreignIds      []string
	// ids is the most ids a walk of this spec has held so far (at most maxIDsHint): the next
	// walk's index starts that large instead of growing to it page by page, which was a third of
	// what k6 allocated in a run of walks whose pages are all folded in Go.
	ids int
}

// maxIDsHint bounds the index a walk starts with, whatever a walk before it held.
const maxIDsHint = 1 << 14

// maxWalkSpecs bounds a screen's cache of read walkJSONs. A run's walks have a few dozen
// distinct ones (an endpoint's filters and limits); the bound only guards against a caller
// whose every walk differs.
const maxWalkSpecs = 256

// newWalk starts a walk. Its foreign ids are walkJSON's foreignIds and, when given, shared's.
// A walkJSON seen before is not read again (a screen belongs to one VU, which walks one walk at
// a time, so its cache needs no lock).
func (s *screen) newWalk(walkJSON string, shared *idSet) (*walk, error) {
	spec, cached := s.specs[walkJSON]
	if !cached {
		var err error
		if spec, err = s.readWalkSpec(walkJSON); err != nil {
			return nil, err
		}
		if s.specs == nil {
			s.specs = make(map[string]*walkSpec)
		}
		if len(s.specs) < maxWalkSpecs {
			s.specs[walkJSON] = spec
		}
	}
	w := &walk{
		screen: s, spec: spec, record: spec.record, id: spec.id, rules: spec.rules,
		limit: spec.limit, maxPages: spec.maxPages,
		index: make(map[string]int, spec.ids), order: make([]string, 0, spec.ids),
		tokens: seenSet{}, prints: seenSet{},
		pagVals: make([]jsonValue, len(s.pagination.props)),
		recVals: make([]jsonValue, len(spec.record.props)),
	}
	switch {
	case len(spec.foreignIds) == 0 && shared == nil: // none: a nil map, nothing made per walk
	case len(spec.foreignIds) == 0:
		w.foreign = shared.ids // read only: never written by a walk
	default:
		w.foreign = make(map[string]struct{}, len(spec.foreignIds))
		for _, id := range spec.foreignIds {
			w.foreign[id] = struct{}{}
		}
		if shared != nil {
			for id := range shared.ids {
				w.foreign[id] = struct{}{}
			}
		}
	}
	return w, nil
}

// readWalkSpec reads a walkJSON: {rules, foreignIds, limit?, maxPages?}.
func (s *screen) readWalkSpec(walkJSON string) (*walkSpec, error) {
	obj, err := parseObject(walkJSON, "walkJSON")
	if err != nil {
		return nil, err
	}
	var rules, foreign gjson.Result
	spec := &walkSpec{}
	err = members(obj, "walkJSON", func(key string, v gjson.Result) error {
		switch key {
		case "rules":
			rules = v
		case "foreignIds":
			foreign = v
		case "limit":
			return bound(v, "walkJSON.limit", 0, &spec.limit)
		case "maxPages":
			return bound(v, "walkJSON.maxPages", 1, &spec.maxPages)
		default:
			return fmt.Errorf("walkJSON: unknown key %q (expected rules, foreignIds, limit and maxPages)", key)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !rules.IsArray() {
		return nil, fmt.Errorf("walkJSON.rules must be an array")
	}
	foreignIds, err := stringArray(foreign, "walkJSON.foreignIds")
	if err != nil {
		return nil, err
	}
	spec.foreignIds = comparable(foreignIds)
	// Collect the id and every rule field with the record schema's own pass over each record.
	names := []string{"id"}
	rules.ForEach(func(_, v gjson.Result) bool {
		var r rule
		var fields []string
		r, fields, err = parseRule(v, fmt.Sprintf("walkJSON.rules[%d]", len(spec.rules)))
		r.fields = make([]int, len(fields))
		for i, field := range fields {
			r.fields[i] = len(names)
			names = append(names, field)
		}
		spec.rules = append(spec.rules, r)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	var at []int
	spec.record, at = s.record.withFields(names...)
	spec.id = at[0]
	for i := range spec.rules {
		for j, n := range spec.rules[i].fields {
			spec.rules[i].fields[j] = at[n]
		}
	}
	return spec, nil
}

// bound reads an optional whole number of at least least into *to. JSON null (a limit JavaScript
// could not read, NaN) leaves it zero: not given.
func bound(v gjson.Result, at string, least int, to *int) error {
	if v.Type == gjson.Null {
		return nil
	}
	if v.Type != gjson.Number || v.Num != math.Trunc(v.Num) || v.Num < float64(least) || v.Num > 1<<53-1 {
		return fmt.Errorf("%s must be a whole number from %d, or null", at, least)
	}
	*to = int(v.Num)
	return nil
}

// parseRule parses {kind, field | fields, values} (and ignores label, the rule's name in the
// harness). It returns the rule without its fields resolved, and the names of those fields.
func parseRule(v gjson.Result, at string) (rule, []string, error) {
	var r rule
	if !v.IsObject() {
		return r, nil, fmt.Errorf("%s must be an object", at)
	}
	var kind, field, fields, values gjson.Result
	err := members(v, at, func(key string, m gjson.Result) error {
		switch key {
		case "kind":
			kind = m
		case "field":
			field = m
		case "fields":
			fields = m
		case "values":
			values = m
		case "label": // the rule's name in the harness
		default:
			return fmt.Errorf("%s: unknown key %q", at, key)
		}
		return nil
	})
	if err != nil {
		return r, nil, err
	}
	k, ok := ruleKinds[kind.Str]
	if kind.Type != gjson.String || !ok {
		return r, nil, fmt.Errorf("%s: unknown rule kind %s", at, kind.Raw)
	}
	r.kind = k
	var fieldNames []string
	if k == ruleContainsFold {
		fieldNames, err = names(fields, at+".fields")
	} else {
		name, exact := exactString(field)
		switch {
		case field.Type != gjson.String:
			err = fmt.Errorf("%s: kind %s needs field, a string", at, kind.Str)
		case !exact:
			err = fmt.Errorf("%s.field: %s escapes a lone UTF-16 surrogate", at, field.Raw)
		}
		fieldNames = []string{name}
	}
	if err != nil {
		return r, nil, err
	}
	elems, err := stringArray(values, at+".values")
	switch {
	case err != nil:
		return r, nil, err
	case k == ruleOneOf:
		r.values = comparable(elems)
	case len(elems) == 0:
		return r, nil, fmt.Errorf("%s.values needs a first value", at)
	case k == ruleContainsFold:
		// Lower A-Z only: strings.ToLower could make ASCII of what JavaScript does not (İ -> i).
		// No exactString: gjson's U+FFFD for an escaped surrogate is not ASCII either.
		needle := []byte(elems[0].Str)
		for i, c := range needle {
			needle[i] = lowerASCII(c)
		}
		r.needle = string(needle)
	default: // equals and absentOrEquals read values[0] only
		r.values = comparable(elems[:1])
	}
	return r, fieldNames, nil
}

// holds reports whether the rule certainly holds for a record whose collected values are vals.
func (r *rule) holds(w *walk, vals []jsonValue) bool {
	switch r.kind {
	case ruleContainsFold:
		for _, i := range r.fields {
			if s, ok := vals[i].text(); ok && containsFoldASCII(s, r.needle) {
				return true
			}
		}
		return false
	case ruleAbsentOrEquals:
		// In JavaScript `field in record` is also true for an Object.prototype member.
		if f := r.fields[0]; !vals[f].exists() {
			return !w.record.props[f].inherited
		}
	}
	s, ok := vals[r.fields[0]].text()
	return ok && slices.Contains(r.values, s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// containsFoldASCII reports whether s contains needle (lower-case ASCII) ignoring ASCII case.
// A string with any other character does not match: Go and JavaScript lower-case some
// non-ASCII characters differently, so only ASCII is certain to agree with toLowerCase().
func containsFoldASCII(s, needle string) bool {
	if !isASCII(s) {
		return false
	}
	for i := 0; i+len(needle) <= len(s); i++ {
		j := 0
		for j < len(needle) && lowerASCII(s[i+j]) == needle[j] {
			j++
		}
		if j == len(needle) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// screenPage checks one page (see the package documentation): on clean it adds the page's ids
// to the index with the value page; on doubt it changes nothing.
func (w *walk) screenPage(body string, page int) digest {
	defer w.release()
	if !w.readPage(&parser{s: body}) {
		return digest{}
	}
	// Whatever the pagination schema says, the digest needs these two.
	hasMore, token := w.pagVals[w.screen.hasMore], w.pagVals[w.screen.nextPageToken]
	tokenStr, tokenOK := token.text()
	tokenNull := token.typ == gjson.Null && token.exists()
	if hasMore.typ != gjson.True && hasMore.typ != gjson.False || !tokenOK && !tokenNull {
		return digest{}
	}
	ids := w.ids
	if len(w.foreign) > 0 {
		for _, id := range ids {
			if _, found := w.foreign[id]; found {
				return digest{}
			}
		}
	}
	// The index keeps its keys as slices of the fingerprint: one allocation for the page's ids,
	// and the index does not keep the body alive.
	fingerprint := strings.Join(ids, ",")
	start, before := 0, len(w.order)
	for _, id := range ids {
		key := fingerprint[start : start+len(id)]
		start += len(id) + 1
		if _, seen := w.index[key]; seen { // on an earlier page, or earlier on this one
			w.forget(before)
			return digest{}
		}
		w.index[key] = page
		w.order = append(w.order, key)
	}
	w.noteSize()
	d := digest{Clean: true, Count: len(ids), HasMore: hasMore.typ == gjson.True, Fingerprint: fingerprint}
	if !tokenNull {
		d.NextPageToken = tokenStr
	}
	return d
}

// noteSize keeps the walk's index size as its spec's hint for the walks after it (see walkSpec.ids).
func (w *walk) noteSize() {
	if n := len(w.order); n > w.spec.ids {
		w.spec.ids = min(n, maxIDsHint)
	}
}

// forget takes the ids added since the index held before of them out of it again.
func (w *walk) forget(before int) {
	for _, added := range w.order[before:] {
		delete(w.index, added)
	}
	w.order = w.order[:before]
}

// The page checks that fold vouches for besides the screen's (see certifies), by their names in
// lib/checks/registry.ts: the harness folds a page in Go only when these and the screen's cover
// every page check it runs.
var foldCertifies = []string{
	"walk-pages-succeed", "error-body-shape", "pagination-consistent", "page-size-within-limit",
	"walk-terminates", "empty-result-exact",
}

// The page checks the screen vouches for (see screenPage).
var screenCertifies = []string{"page-matches-schema", "no-duplicate-ids", "filter-respected", "tenant-isolation"}

// fold screens a page of a 200 response (the caller has seen the status) as page number page,
// 0-based, and checks what the walk's other page checks would: when every page check would
// certainly pass, it folds the page into the walk (its ids, its token, its fingerprint) and
// reports true. On doubt it changes nothing and reports false.
func (w *walk) fold(body string, page int) (digest, bool) {
	before := len(w.order)
	d := w.screenPage(body, page)
	if !d.Clean {
		return d, false
	}
	if !w.certifies(&d, page) {
		w.forget(before)
		return digest{}, false
	}
	if token, ok := d.NextPageToken.(string); ok && d.HasMore {
		w.tokens[token] = struct{}{}
	}
	if d.Count > 0 {
		w.prints[d.Fingerprint] = struct{}{}
	}
	return d, true
}

// certifies reports whether the page checks that read no record would certainly pass on a clean
// page d folded as page number page: the Go twin of the conditions in lib/checks, each named.
// walk-pages-succeed and error-body-shape pass on any 200 page, which the caller sees to.
func (w *walk) certifies(d *digest, page int) bool {
	token, isToken := d.NextPageToken.(string)
	switch {
	case w.limit == 0 || w.maxPages == 0: // not told: cannot vouch for page-size or termination
		return false
	case d.HasMore != isToken: // pagination-consistent
		return false
	case d.Count > w.limit: // page-size-within-limit
		return false
	case d.HasMore && (w.tokens.has(token) || page+1 >= w.maxPages): // walk-terminates
		return false
	case d.Count > 0 && w.prints.has(d.Fingerprint): // walk-terminates: a page served twice
		return false
	case page == 0 && d.Count == 0 && d.HasMore: // empty-result-exact
		return false
	}
	return true
}

// seenSet is a set of strings, read and added to from JavaScript as a Set (has and add).
type seenSet map[string]struct{}

func (s seenSet) has(v string) bool {
	_, found := s[v]
	return found
}

// set records id as first seen on page, as Map.set does.
func (w *walk) set(id string, page int) {
	if _, found := w.index[id]; !found {
		w.order = append(w.order, id)
	}
	w.index[id] = page
}

// release zeroes what screenPage reused, which also drops its hold on the page body. (The object
// checks pop what they push on the scratch, but readPage leaves the top-level keys there.)
func (w *walk) release() {
	clear(w.sc.keys)
	w.sc.keys = w.sc.keys[:0]
	clear(w.pagVals)
	clear(w.recVals)
	clear(w.ids)
	w.ids = w.ids[:0]
}

// readPage reads the whole page in one pass (see parser) and reports whether it is an object with
// no duplicate key whose data is an array of records that pass (see readRecords) and whose
// pagination is an object conforming to the pagination schema, its members collected in
// w.pagVals. Other members are only parsed.
func (w *walk) readPage(p *parser) bool {
	p.ws()
	if p.peek() != '{' {
		return false
	}
	var data, pagination bool
	more, ok := p.open('}', 1)
	for more && ok {
		var key string
		if key, ok = p.name(); !ok || slices.Contains(w.sc.keys, key) {
			return false
		}
		w.sc.keys = append(w.sc.keys, key)
		switch key {
		case "data":
			data = true
			ok = w.readRecords(p)
		case "pagination":
			pagination = true
			ok = p.peek() == '{' && p.value(w.screen.pagination, &w.sc, w.pagVals, nil, 1)
		default:
			ok = p.skip(1)
		}
		if ok {
			more, ok = p.next('}')
		}
	}
	p.ws()
	return ok && data && pagination && p.i == len(p.s)
}

// readRecords reads the array of records at p.i, the page's data: each must be an object that
// conforms to the record schema, with a string id, and that every rule holds for. It appends the
// ids to w.ids.
func (w *walk) readRecords(p *parser) bool {
	if p.peek() != '[' {
		return false
	}
	more, ok := p.open(']', 2)
	for more && ok {
		clear(w.recVals)
		if p.peek() != '{' || !p.value(w.record, &w.sc, w.recVals, nil, 2) {
			return false
		}
		id, isStr := w.recVals[w.id].text()
		if !isStr {
			return false
		}
		for i := range w.rules {
			if !w.rules[i].holds(w, w.recVals) {
				return false
			}
		}
		w.ids = append(w.ids, id)
		more, ok = p.next(']')
	}
	return ok
}

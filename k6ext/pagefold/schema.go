package pagefold

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tidwall/gjson"
)

// typeSet is a set of JSON Schema type names; the zero value allows every type.
type typeSet uint8

const (
	typeObject typeSet = 1 << iota
	typeArray
	typeString
	typeBoolean
	typeNull
	typeNumber
	typeInteger
)

var typeNames = map[string]typeSet{
	"object":  typeObject,
	"array":   typeArray,
	"string":  typeString,
	"boolean": typeBoolean,
	"null":    typeNull,
	"number":  typeNumber,
	"integer": typeInteger,
}

// allows reports whether v, a string, number, boolean or null, has one of the types (the parser
// checks objects and arrays). A number must be finite: JSON.parse reads 1e400 as Infinity, which
// TypeBox rejects as a number and Number.isInteger rejects as an integer.
func (t typeSet) allows(v *jsonValue) bool {
	switch v.typ {
	case gjson.String:
		return t&typeString != 0
	case gjson.True, gjson.False:
		return t&typeBoolean != 0
	case gjson.Number:
		if math.IsInf(v.num, 0) {
			return false
		}
		return t&typeNumber != 0 || t&typeInteger != 0 && v.num == math.Trunc(v.num)
	default: // gjson.Null
		return t&typeNull != 0
	}
}

// literal is the value of a const keyword or one of an enum's.
type literal struct {
	typ gjson.Type // String, Number, True, False or Null
	str string
	num float64
}

// matches compares by JSON type and value, as JavaScript's === compares what JSON.parse returns.
func (l *literal) matches(v *jsonValue) bool {
	if v.typ != l.typ {
		return false
	}
	switch l.typ {
	case gjson.String:
		s, ok := v.text()
		return ok && s == l.str
	case gjson.Number:
		return v.num == l.num
	default:
		return true
	}
}

// schema is one compiled JSON Schema (the subset newScreen accepts). Checking a value against it
// allocates nothing: the only memory it needs is the caller's scratch.
type schema struct {
	types    typeSet
	constant *literal
	enum     []literal // nil when the keyword is absent; never empty otherwise
	anyOf    []*schema
	props    []property
	closed   bool // additionalProperties: false
	items    *schema
}

// property is a name an object schema knows: listed in properties, in required, or only
// collected for the caller (see withFields).
type property struct {
	name     string
	schema   *schema // nil: any value
	declared bool    // listed in properties, hence allowed in a closed object
	required bool
	// inherited: the name of an Object.prototype member. A JavaScript check reads such a property
	// of a record that lacks it through the prototype chain (a function, never undefined).
	inherited bool
}

// scratch is the reusable memory of the checks of one walk: stacks that each object being
// checked pushes its share on and pops on return, so nested objects can share them.
type scratch struct {
	keys []string // the undeclared keys of the objects being checked, to find duplicates
	seen []bool   // which of its props each object being checked has
}

// value moves past the value at p.i (see parser), which must also conform to s when s is not
// nil; depth is the number of containers around it. vals, when not nil, receives the value of
// each of s.props that the value (then an object) has, at the same index; out, when not nil, the
// value itself (an object or array as its raw text only).
func (p *parser) value(s *schema, sc *scratch, vals []jsonValue, out *jsonValue, depth int) bool {
	start := p.i
	if c := p.peek(); c == '{' || c == '[' {
		var ok bool
		if s == nil {
			ok = p.skip(depth)
		} else {
			ok = p.container(s, sc, vals, depth)
		}
		if out != nil {
			*out = jsonValue{typ: gjson.JSON, raw: p.s[start:p.i]}
		}
		return ok
	}
	raw, escaped, ok := p.scalar()
	if !ok {
		return false
	}
	var v jsonValue
	if out == nil {
		out = &v
	}
	readScalar(out, raw, escaped)
	return s == nil || s.validScalar(out)
}

// validScalar reports whether v, a string, number, boolean or null, conforms to s.
func (s *schema) validScalar(v *jsonValue) bool {
	if s.types != 0 && !s.types.allows(v) {
		return false
	}
	if s.constant != nil && !s.constant.matches(v) {
		return false
	}
	if s.enum != nil && !slices.ContainsFunc(s.enum, func(l literal) bool { return l.matches(v) }) {
		return false
	}
	return s.anyOf == nil || slices.ContainsFunc(s.anyOf, func(b *schema) bool { return b.validScalar(v) })
}

// container is value for the object or array at p.i, and a schema.
func (p *parser) container(s *schema, sc *scratch, vals []jsonValue, depth int) bool {
	start := p.i
	object := p.s[start] == '{'
	kind := typeArray
	if object {
		kind = typeObject
	}
	// A const or enum value is never an object or array.
	if s.types != 0 && s.types&kind == 0 || s.constant != nil || s.enum != nil {
		return false
	}
	if s.anyOf != nil {
		// Read the container once for each branch until one holds, then again for s itself.
		if !slices.ContainsFunc(s.anyOf, func(b *schema) bool {
			p.i = start
			return p.value(b, sc, nil, nil, depth)
		}) {
			return false
		}
		p.i = start
	}
	switch {
	case object && (len(s.props) > 0 || s.closed):
		return p.object(s, sc, vals, depth+1)
	case !object && s.items != nil:
		return p.array(s.items, sc, depth+1)
	default:
		return p.skip(depth)
	}
}

// array checks that every item of the array at p.i, nested depth deep, conforms to items.
func (p *parser) array(items *schema, sc *scratch, depth int) bool {
	more, ok := p.open(']', depth)
	for more && ok {
		if ok = p.value(items, sc, nil, nil, depth); ok {
			more, ok = p.next(']')
		}
	}
	return ok
}

// object checks the object keywords of s for the object at p.i, nested depth deep. A duplicate
// key fails: the checks' parser keeps the last value of a key (encoding/json, as JSON.parse) and
// gjson the first.
func (p *parser) object(s *schema, sc *scratch, vals []jsonValue, depth int) bool {
	keysBase, seenBase := len(sc.keys), len(sc.seen)
	sc.seen = append(sc.seen, make([]bool, len(s.props))...)
	// Nested objects may grow sc.seen into a new array; this object's share stays valid here.
	seen := sc.seen[seenBase:]
	more, ok := p.open('}', depth)
	for more && ok {
		var name string
		if name, ok = p.name(); !ok {
			break
		}
		if i := s.prop(name); i < 0 {
			ok = !s.closed && !slices.Contains(sc.keys[keysBase:], name) && p.skip(depth)
			sc.keys = append(sc.keys, name)
		} else {
			prop := &s.props[i]
			ok = !seen[i] && (!s.closed || prop.declared)
			seen[i] = true
			switch {
			case !ok:
			case vals != nil:
				ok = p.value(prop.schema, sc, nil, &vals[i], depth)
			case prop.schema != nil:
				ok = p.value(prop.schema, sc, nil, nil, depth)
			default:
				ok = p.skip(depth)
			}
		}
		if ok {
			more, ok = p.next('}')
		}
	}
	for i := 0; ok && i < len(s.props); i++ {
		prop := &s.props[i]
		ok = seen[i] || !prop.required && !(prop.declared && prop.inherited)
	}
	// Pop this object's share, clearing it so the scratch does not keep the page body alive.
	clear(sc.keys[keysBase:])
	sc.keys = sc.keys[:keysBase]
	sc.seen = sc.seen[:seenBase]
	return ok
}

func (s *schema) prop(name string) int {
	for i := range s.props {
		if s.props[i].name == name {
			return i
		}
	}
	return -1
}

// withFields returns a copy of s that also collects the values of names (as optional, undeclared
// properties unless s already knows them), and the index in its props of each name.
func (s *schema) withFields(names ...string) (*schema, []int) {
	c := *s
	c.props = slices.Clone(s.props)
	at := make([]int, len(names))
	for n, name := range names {
		i := c.prop(name)
		if i < 0 {
			i = len(c.props)
			c.props = append(c.props, property{name: name, inherited: objectPrototype[name]})
		}
		at[n] = i
	}
	return &c, at
}

// objectPrototype holds the own property names of Object.prototype: those of k6's runtime
// (sobek; the test checks them) and the four legacy accessors other engines add, as a name too
// many only costs doubt.
var objectPrototype = map[string]bool{
	"constructor":          true,
	"__defineGetter__":     true,
	"__defineSetter__":     true,
	"hasOwnProperty":       true,
	"__lookupGetter__":     true,
	"__lookupSetter__":     true,
	"isPrototypeOf":        true,
	"propertyIsEnumerable": true,
	"toString":             true,
	"valueOf":              true,
	"__proto__":            true,
	"toLocaleString":       true,
}

// parseObject parses text that must be a JSON object.
func parseObject(text, what string) (gjson.Result, error) {
	if !gjson.Valid(text) {
		return gjson.Result{}, fmt.Errorf("%s is not valid JSON", what)
	}
	r := gjson.Parse(text)
	if !r.IsObject() {
		return gjson.Result{}, fmt.Errorf("%s must be a JSON object", what)
	}
	return r, nil
}

// members calls fn for each member of the object r, in order, and fails on a duplicate key
// (whose meaning would depend on the parser) or a key gjson cannot read exactly.
func members(r gjson.Result, at string, fn func(key string, v gjson.Result) error) error {
	var keys []string
	var err error
	r.ForEach(func(k, v gjson.Result) bool {
		key, exact := exactString(k)
		switch {
		case !exact:
			err = fmt.Errorf("%s: key %s escapes a lone UTF-16 surrogate", at, k.Raw)
		case slices.Contains(keys, key):
			err = fmt.Errorf("%s: duplicate key %q", at, key)
		default:
			keys = append(keys, key)
			err = fn(key, v)
		}
		return err == nil
	})
	return err
}

// stringArray returns the elements of r, which must be a JSON array of strings.
func stringArray(r gjson.Result, at string) ([]gjson.Result, error) {
	elems := r.Array()
	if !r.IsArray() || slices.ContainsFunc(elems, func(e gjson.Result) bool { return e.Type != gjson.String }) {
		return nil, fmt.Errorf("%s must be an array of strings", at)
	}
	return elems, nil
}

// names returns the strings of r, a JSON array of names (of types or properties).
func names(r gjson.Result, at string) ([]string, error) {
	elems, err := stringArray(r, at)
	out := make([]string, len(elems))
	for i, e := range elems {
		var exact bool
		if out[i], exact = exactString(e); !exact && err == nil {
			err = fmt.Errorf("%s: %s escapes a lone UTF-16 surrogate", at, e.Raw)
		}
	}
	return out, err
}

// comparable returns the strings of elems that can equal a string the checks read. Those read
// exactly (see exactString) can; one that escapes a lone surrogate cannot, as encoding/json never
// decodes one, and is left out.
func comparable(elems []gjson.Result) []string {
	var out []string
	for _, e := range elems {
		if s, exact := exactString(e); exact {
			out = append(out, s)
		}
	}
	return out
}

// compileSchema compiles the schema r found at path at (used in error messages).
func compileSchema(r gjson.Result, at string) (*schema, error) {
	if !r.IsObject() {
		return nil, fmt.Errorf("%s: a schema must be a JSON object", at)
	}
	s := &schema{}
	var required []string
	err := members(r, at, func(key string, v gjson.Result) error {
		var err error
		switch key {
		case "$id", "$schema", "title", "description", "default", "examples":
			// Annotations: they constrain nothing.
		case "type":
			s.types, err = compileType(v, at+".type")
		case "const":
			var l literal
			l, err = compileLiteral(v, at+".const")
			s.constant = &l
		case "enum":
			s.enum, err = compileEnum(v, at+".enum")
		case "anyOf":
			s.anyOf, err = compileAnyOf(v, at+".anyOf")
		case "properties":
			s.props, err = compileProperties(v, at+".properties")
		case "required":
			required, err = names(v, at+".required")
		case "additionalProperties":
			if v.Type != gjson.True && v.Type != gjson.False {
				return fmt.Errorf("%s.additionalProperties: only the boolean form is supported", at)
			}
			s.closed = v.Type == gjson.False
		case "items":
			if !v.IsObject() {
				return fmt.Errorf("%s.items: only a single schema is supported", at)
			}
			s.items, err = compileSchema(v, at+".items")
		default:
			return fmt.Errorf("%s: unsupported keyword %q", at, key)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	// After the loop: properties may come after required in the schema.
	for _, name := range required {
		i := s.prop(name)
		if i < 0 {
			i = len(s.props)
			s.props = append(s.props, property{name: name, inherited: objectPrototype[name]})
		}
		s.props[i].required = true
	}
	return s, nil
}

func compileType(v gjson.Result, at string) (typeSet, error) {
	list := []string{v.Str}
	if v.Type != gjson.String {
		var err error
		if list, err = names(v, at); err != nil || len(list) == 0 {
			return 0, fmt.Errorf("%s must be a type name or a non-empty array of them", at)
		}
	}
	var t typeSet
	for _, name := range list {
		bit, ok := typeNames[name]
		if !ok {
			return 0, fmt.Errorf("%s: unknown type %q", at, name)
		}
		t |= bit
	}
	return t, nil
}

func compileLiteral(v gjson.Result, at string) (literal, error) {
	switch v.Type {
	case gjson.String:
		s, exact := exactString(v)
		if !exact {
			return literal{}, fmt.Errorf("%s: %s escapes a lone UTF-16 surrogate", at, v.Raw)
		}
		return literal{typ: gjson.String, str: s}, nil
	case gjson.Number, gjson.True, gjson.False, gjson.Null:
		return literal{typ: v.Type, num: v.Num}, nil
	default:
		return literal{}, fmt.Errorf("%s: only string, number, boolean and null literals are supported", at)
	}
}

func compileEnum(v gjson.Result, at string) ([]literal, error) {
	if !v.IsArray() {
		return nil, fmt.Errorf("%s must be an array", at)
	}
	enum := []literal{}
	var err error
	v.ForEach(func(_, e gjson.Result) bool {
		var l literal
		l, err = compileLiteral(e, fmt.Sprintf("%s[%d]", at, len(enum)))
		enum = append(enum, l)
		return err == nil
	})
	if err == nil && len(enum) == 0 {
		err = fmt.Errorf("%s must not be empty", at)
	}
	return enum, err
}

func compileAnyOf(v gjson.Result, at string) ([]*schema, error) {
	if !v.IsArray() {
		return nil, fmt.Errorf("%s must be an array of schemas", at)
	}
	var branches []*schema
	var err error
	v.ForEach(func(_, b gjson.Result) bool {
		var s *schema
		s, err = compileSchema(b, fmt.Sprintf("%s[%d]", at, len(branches)))
		branches = append(branches, s)
		return err == nil
	})
	if err == nil && len(branches) == 0 {
		err = errors.New(at + " must not be empty")
	}
	return branches, err
}

func compileProperties(v gjson.Result, at string) ([]property, error) {
	if !v.IsObject() {
		return nil, fmt.Errorf("%s must be an object of schemas", at)
	}
	var props []property
	err := members(v, at, func(name string, ps gjson.Result) error {
		s, err := compileSchema(ps, at+"."+name)
		props = append(props, property{name: name, schema: s, declared: true, inherited: objectPrototype[name]})
		return err
	})
	return props, err
}

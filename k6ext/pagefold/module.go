// Package pagefold is the k6 extension k6/x/pagefold: a fast, conservative screen of the pages of
// a cursor-paginated JSON list API, so the harness need not check every record in k6's
// JavaScript interpreter.
//
// For each page body the screen says clean, meaning that every per-record check the harness
// runs would certainly pass on the page, or doubt, after which the harness parses the page and
// runs its JavaScript checks, which stay the authority. Doubt on a good page costs only time;
// clean on a page any check could fail on is a bug. A page is clean when it is valid JSON that
// encoding/json (k6's response.json()) decodes too; an object whose data is an array of records
// conforming to the record schema and whose pagination conforms to the pagination schema, with
// no duplicate key in any object the screen reads; every record's id is a string, new to the
// page, the walk and the foreign ids; and every filter rule holds for every record.
//
// JavaScript API:
//
//	const screen = newScreen(specJSON)     // {record, pagination}: JSON Schemas (a subset)
//	const walk = screen.walk(walkJSON, ids) // {rules, foreignIds, limit, maxPages}; ids: optional, from newIdSet
//	const ids = newIdSet(idsJSON)          // ["id", ...]: ids no page may hold, made once
//	const page = walk.screen(body, pageIndex) // body: a string or a k6/http response; null on doubt, else
//	                                          // {recordCount, pagination: {nextPageToken, hasMore}, fingerprint}
//	const next = walk.fold(body, pageIndex) // a 200 page: the screen, then the other page checks (see
//	                                        // certifies); the next token, null at the end, undefined on doubt
//	walk.has(id); walk.get(id); walk.set(id, pageIndex); walk.size; walk.keys() // its id index
//	walk.tokens.has(t); walk.tokens.add(t); walk.fingerprints.has(f); walk.fingerprints.add(f)
//	const lane = newLane(http.get, depthsJSON, metrics) // made once: k6/http's get; depth tags
//	                                        // {buckets: [{upTo, name}, ...], beyond}; metrics a folded page adds false to
//	const run = walk.lane(lane, base, params, firstPath, cursorPrefix, deadlineMs, setDepth)
//	const out = run(cursor, pageIndex, depth) // sends and folds pages while walk.fold vouches for them:
//	                                        // {paths, latencies, nexts, timedOut, pending, depth}
//	certifies // the names of the page checks that walk.fold vouches for
package pagefold

import (
	"fmt"
	"math"
	"slices"

	"github.com/grafana/sobek"

	"go.k6.io/k6/js/common"
	"go.k6.io/k6/js/modules"
	k6http "go.k6.io/k6/js/modules/k6/http"
)

func init() {
	modules.Register("k6/x/pagefold", new(RootModule))
}

type (
	// RootModule is the module shared by all VUs.
	RootModule struct{}

	// ModuleInstance is the module of one VU.
	ModuleInstance struct {
		vu modules.VU
	}
)

var (
	_ modules.Module   = (*RootModule)(nil)
	_ modules.Instance = (*ModuleInstance)(nil)
)

// NewModuleInstance implements modules.Module.
func (*RootModule) NewModuleInstance(vu modules.VU) modules.Instance {
	return &ModuleInstance{vu: vu}
}

// Exports implements modules.Instance.
func (mi *ModuleInstance) Exports() modules.Exports {
	return modules.Exports{Named: map[string]any{
		"newScreen": mi.newScreen,
		"newIdSet":  mi.newIDSet,
		"newLane":   mi.newLane,
		"certifies": append(slices.Clone(screenCertifies), foldCertifies...),
	}}
}

// The screen and walk objects are built from native functions rather than by reflection on Go
// types: k6 calls walk.screen once per page and has/get/set once per record of a doubt page. A
// walk's methods are made once per screen, on the prototype of its walks (see walkHandle).

func (mi *ModuleInstance) newScreen(call sobek.FunctionCall) sobek.Value {
	rt := mi.vu.Runtime()
	s, err := newScreen(stringArg(rt, call, 0, "newScreen", "specJSON"))
	if err != nil {
		common.Throw(rt, err)
	}
	obj := rt.NewObject()
	proto := walkPrototype(rt)
	set(rt, obj, "walk", func(call sobek.FunctionCall) sobek.Value {
		w, err := s.newWalk(stringArg(rt, call, 0, "walk", "walkJSON"), idSetArg(rt, call.Argument(1)))
		if err != nil {
			common.Throw(rt, err)
		}
		return walkObject(rt, w, proto)
	})
	return obj
}

// newIDSet makes a set of ids once, for every walk that must not see them (another tenant's
// ids, in isolation runs): a walk given it shares it rather than reading the ids again.
func (mi *ModuleInstance) newIDSet(call sobek.FunctionCall) sobek.Value {
	rt := mi.vu.Runtime()
	ids, err := newIDSet(stringArg(rt, call, 0, "newIdSet", "idsJSON"))
	if err != nil {
		common.Throw(rt, err)
	}
	return rt.ToValue(ids)
}

// newLane keeps what a walk's lane needs from the VU, made once (see lane).
func (mi *ModuleInstance) newLane(call sobek.FunctionCall) sobek.Value {
	rt := mi.vu.Runtime()
	l, err := newLane(rt, call.Argument(0), stringArg(rt, call, 1, "newLane", "depthsJSON"), call.Argument(2))
	if err != nil {
		common.Throw(rt, err)
	}
	return rt.ToValue(l)
}

// laneObject is walk.lane: the walk's run, bound to its lane and requests (see walk.run).
func laneObject(rt *sobek.Runtime, w *walk, call sobek.FunctionCall) sobek.Value {
	l, ok := call.Argument(0).Export().(*lane)
	if !ok {
		panic(rt.NewTypeError("lane: the first argument must be made by newLane"))
	}
	deadline := call.Argument(5)
	setDepth, isFunction := sobek.AssertFunction(call.Argument(6))
	if !sobek.IsNumber(deadline) || !isFunction {
		panic(rt.NewTypeError("lane: deadlineMs must be a number and setDepth a function"))
	}
	r := laneRun{
		base:       stringArg(rt, call, 1, "lane", "base"),
		params:     call.Argument(2),
		first:      stringArg(rt, call, 3, "lane", "firstPath"),
		prefix:     stringArg(rt, call, 4, "lane", "cursorPrefix"),
		deadlineMs: deadline.ToInteger(),
		setDepth:   setDepth,
	}
	return rt.ToValue(func(call sobek.FunctionCall) sobek.Value {
		r.cursor = nil
		if c := call.Argument(0); !sobek.IsNull(c) {
			cursor := stringArg(rt, call, 0, "run", "cursor")
			r.cursor = &cursor
		}
		r.page = pageArg(rt, call, 1, "run")
		r.depth = stringArg(rt, call, 2, "run", "depth")
		return laneResultObject(rt, w.run(rt, l, r))
	})
}

func laneResultObject(rt *sobek.Runtime, r laneResult) *sobek.Object {
	obj := rt.NewObject()
	set(rt, obj, "paths", rt.NewArray(r.paths...))
	set(rt, obj, "latencies", rt.NewArray(r.latencies...))
	set(rt, obj, "nexts", rt.NewArray(r.nexts...))
	set(rt, obj, "timedOut", r.timedOut)
	if r.pending == nil {
		set(rt, obj, "pending", sobek.Undefined())
	} else {
		set(rt, obj, "pending", r.pending)
	}
	set(rt, obj, "depth", r.depth)
	return obj
}

// idSetArg is an optional argument made by newIdSet: nil when undefined.
func idSetArg(rt *sobek.Runtime, v sobek.Value) *idSet {
	if v == nil || sobek.IsUndefined(v) {
		return nil
	}
	ids, ok := v.Export().(*idSet)
	if !ok {
		panic(rt.NewTypeError("walk: the second argument must be made by newIdSet"))
	}
	return ids
}

// walkHandle is a walk as JavaScript holds it: an object with no properties of its own, whose
// methods are on a prototype made once per screen. A walk is made for every walk of a run, and
// making its methods as functions of their own cost k6 thirteen function objects a walk.
type walkHandle struct {
	w *walk
	// Its seen sets as JavaScript holds them, made on first read (and then the same objects).
	tokens, prints *sobek.Object
}

// seenHandle is one of a walk's seen sets (walk.tokens, walk.fingerprints) as JavaScript holds it.
type seenHandle struct{ s seenSet }

// walkObject is w as JavaScript holds it, with proto's methods (see walkPrototype).
func walkObject(rt *sobek.Runtime, w *walk, proto *sobek.Object) *sobek.Object {
	obj := rt.ToValue(&walkHandle{w: w}).ToObject(rt)
	if err := obj.SetPrototype(proto); err != nil {
		common.Throw(rt, err)
	}
	return obj
}

// walkPrototype makes the methods every walk object has (see the package documentation).
func walkPrototype(rt *sobek.Runtime) *sobek.Object {
	proto := rt.NewObject()
	tokens, prints := seenPrototype(rt, "tokens"), seenPrototype(rt, "fingerprints")
	// this is the walk a method is called on (or a property read on), or a TypeError.
	this := func(call sobek.FunctionCall, what string) *walkHandle {
		h, ok := call.This.Export().(*walkHandle)
		if !ok {
			panic(rt.NewTypeError(what))
		}
		return h
	}
	method := func(name string, f func(w *walk, call sobek.FunctionCall) sobek.Value) {
		set(rt, proto, name, func(call sobek.FunctionCall) sobek.Value {
			return f(this(call, name+": not called on a walk").w, call)
		})
	}
	method("screen", func(w *walk, call sobek.FunctionCall) sobek.Value {
		body, ok := bodyArg(call.Argument(0))
		if !ok {
			panic(rt.NewTypeError("screen: body must be a string or a k6/http response"))
		}
		d := w.screenPage(body, pageArg(rt, call, 1, "screen"))
		if !d.Clean {
			return sobek.Null()
		}
		return screenedPage(rt, &d)
	})
	method("fold", func(w *walk, call sobek.FunctionCall) sobek.Value {
		body, ok := bodyArg(call.Argument(0))
		if !ok {
			panic(rt.NewTypeError("fold: body must be a string or a k6/http response"))
		}
		d, folded := w.fold(body, pageArg(rt, call, 1, "fold"))
		switch {
		case !folded:
			return sobek.Undefined()
		case d.HasMore:
			return rt.ToValue(d.NextPageToken)
		default:
			return sobek.Null()
		}
	})
	method("lane", func(w *walk, call sobek.FunctionCall) sobek.Value { return laneObject(rt, w, call) })
	method("has", func(w *walk, call sobek.FunctionCall) sobek.Value {
		_, found := w.index[stringArg(rt, call, 0, "has", "id")]
		return rt.ToValue(found)
	})
	method("get", func(w *walk, call sobek.FunctionCall) sobek.Value {
		page, found := w.index[stringArg(rt, call, 0, "get", "id")]
		if !found {
			return sobek.Undefined()
		}
		return rt.ToValue(page)
	})
	method("set", func(w *walk, call sobek.FunctionCall) sobek.Value {
		w.set(stringArg(rt, call, 0, "set", "id"), pageArg(rt, call, 1, "set"))
		return sobek.Undefined()
	})
	method("keys", func(w *walk, _ sobek.FunctionCall) sobek.Value {
		keys := make([]any, len(w.order))
		for i, id := range w.order {
			keys[i] = id
		}
		return rt.NewArray(keys...)
	})
	// Read-only properties: size, as Map's; tokens and fingerprints.
	getter := func(name string, f func(h *walkHandle) sobek.Value) {
		get := rt.ToValue(func(call sobek.FunctionCall) sobek.Value {
			return f(this(call, name+": not read on a walk"))
		})
		if err := proto.DefineAccessorProperty(name, get, nil, sobek.FLAG_FALSE, sobek.FLAG_TRUE); err != nil {
			common.Throw(rt, err)
		}
	}
	getter("size", func(h *walkHandle) sobek.Value { return rt.ToValue(len(h.w.index)) })
	getter("tokens", func(h *walkHandle) sobek.Value {
		if h.tokens == nil {
			h.tokens = seenObject(rt, h.w.tokens, tokens)
		}
		return h.tokens
	})
	getter("fingerprints", func(h *walkHandle) sobek.Value {
		if h.prints == nil {
			h.prints = seenObject(rt, h.w.prints, prints)
		}
		return h.prints
	})
	return proto
}

func seenObject(rt *sobek.Runtime, s seenSet, proto *sobek.Object) *sobek.Object {
	obj := rt.ToValue(&seenHandle{s}).ToObject(rt)
	if err := obj.SetPrototype(proto); err != nil {
		common.Throw(rt, err)
	}
	return obj
}

// seenPrototype makes the methods of a seen set as JavaScript reads one: has(v) and add(v), as
// a Set's. name is the walk's property, for errors.
func seenPrototype(rt *sobek.Runtime, name string) *sobek.Object {
	proto := rt.NewObject()
	method := func(fn string, f func(s seenSet, call sobek.FunctionCall) sobek.Value) {
		set(rt, proto, fn, func(call sobek.FunctionCall) sobek.Value {
			h, ok := call.This.Export().(*seenHandle)
			if !ok {
				panic(rt.NewTypeError(name + "." + fn + ": not called on a walk's " + name))
			}
			return f(h.s, call)
		})
	}
	method("has", func(s seenSet, call sobek.FunctionCall) sobek.Value {
		return rt.ToValue(s.has(stringArg(rt, call, 0, name+".has", "value")))
	})
	method("add", func(s seenSet, call sobek.FunctionCall) sobek.Value {
		s[stringArg(rt, call, 0, name+".add", "value")] = struct{}{}
		return call.This
	})
	return proto
}

// screenedPage is a clean page as the harness folds it (ScreenedPage in lib/paging/walk.ts):
// built here, so that JavaScript reads plain properties rather than a Go struct's by reflection.
func screenedPage(rt *sobek.Runtime, d *digest) *sobek.Object {
	pagination := rt.NewObject()
	set(rt, pagination, "nextPageToken", d.NextPageToken)
	set(rt, pagination, "hasMore", d.HasMore)
	page := rt.NewObject()
	set(rt, page, "recordCount", d.Count)
	set(rt, page, "pagination", pagination)
	set(rt, page, "fingerprint", d.Fingerprint)
	return page
}

// set sets a property of an object the module has just made (so it cannot fail in practice).
func set(rt *sobek.Runtime, obj *sobek.Object, name string, value any) {
	if err := obj.Set(name, value); err != nil {
		common.Throw(rt, err)
	}
}

// bodyArg reads a page body from a string or from a k6/http response. Handed the response,
// the screen reads its body where k6 keeps it, in Go: as a JavaScript string it would be
// scanned for non-ASCII on the way in (and converted to UTF-16 when it has any) and on the way
// back, for every page.
func bodyArg(v sobek.Value) (string, bool) {
	if sobek.IsString(v) {
		return v.String(), true
	}
	response := k6Response(v)
	if response == nil {
		return "", false
	}
	return responseBody(response)
}

// k6Response is v as a k6/http response that arrived or failed, or nil.
func k6Response(v sobek.Value) *k6http.Response {
	if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return nil
	}
	response, ok := v.Export().(*k6http.Response)
	if !ok || response.Response == nil {
		return nil
	}
	return response
}

// responseBody is the body k6 keeps for response, as the screen reads it (see bodyArg).
func responseBody(response *k6http.Response) (string, bool) {
	switch body := response.Body.(type) {
	case string:
		return body, true
	case []byte:
		return string(body), true
	case nil: // no body (a failed request): not a page, so doubt
		return "", true
	default:
		return "", false
	}
}

func stringArg(rt *sobek.Runtime, call sobek.FunctionCall, i int, fn, name string) string {
	v := call.Argument(i)
	if !sobek.IsString(v) {
		panic(rt.NewTypeError(fmt.Sprintf("%s: %s must be a string", fn, name)))
	}
	return v.String()
}

// pageArg returns argument i, a page index: an integer from 0 to 2^53-1.
func pageArg(rt *sobek.Runtime, call sobek.FunctionCall, i int, fn string) int {
	v := call.Argument(i)
	f := v.ToFloat()
	if !sobek.IsNumber(v) || f < 0 || f > 1<<53-1 || f != math.Trunc(f) {
		panic(rt.NewTypeError(fmt.Sprintf("%s: the page index must be an integer from 0", fn)))
	}
	return int(f)
}

package pagefold

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/grafana/sobek"

	"go.k6.io/k6/js/common"
)

// lane sends a walk's pages and folds them in Go for as long as the fold vouches for them
// (walk.run): no JavaScript runs between two such pages. Each request is made by k6/http's own
// get, with the walk's params, so its metrics, tags and response are those of any http.get.
type lane struct {
	get sobek.Callable
	// depths names page depths for the depth tag: depth <= depths[i].UpTo is depths[i].Name, and
	// deeper pages are beyond (lib/load/tags.ts, sent as JSON).
	depths []depthBucket
	beyond string
	// onFolded: the k6 metrics a folded page (a 200) adds false to, as every attempt does
	// (rate_limited and server_errors in lib/adapters/k6-retry.ts).
	onFolded []sampler
}

type depthBucket struct {
	UpTo int    `json:"upTo"`
	Name string `json:"name"`
}

type sampler struct {
	metric sobek.Value
	add    sobek.Callable
}

func newLane(rt *sobek.Runtime, get sobek.Value, depthsJSON string, metrics sobek.Value) (*lane, error) {
	send, ok := sobek.AssertFunction(get)
	if !ok {
		return nil, errors.New("newLane: get must be k6/http's get")
	}
	var depths struct {
		Buckets *[]depthBucket `json:"buckets"`
		Beyond  *string        `json:"beyond"`
	}
	if err := json.Unmarshal([]byte(depthsJSON), &depths); err != nil || depths.Buckets == nil || depths.Beyond == nil {
		return nil, errors.New(`newLane: depthsJSON must be {"buckets": [{"upTo", "name"}, ...], "beyond"}`)
	}
	l := &lane{get: send, depths: *depths.Buckets, beyond: *depths.Beyond}
	var list []sobek.Value
	if err := rt.ExportTo(metrics, &list); err != nil {
		return nil, errors.New("newLane: metrics must be an array of k6 metrics")
	}
	for i, m := range list {
		obj, isObject := m.(*sobek.Object)
		if !isObject {
			return nil, fmt.Errorf("newLane: metrics[%d] is not a k6 metric", i)
		}
		add, isFunction := sobek.AssertFunction(obj.Get("add"))
		if !isFunction {
			return nil, fmt.Errorf("newLane: metrics[%d] has no add", i)
		}
		l.onFolded = append(l.onFolded, sampler{metric: obj, add: add})
	}
	return l, nil
}

// depthName is the depth tag of 1-based page depth d (depthBucket in lib/load/tags.ts).
func (l *lane) depthName(d int) string {
	for _, b := range l.depths {
		if d <= b.UpTo {
			return b.Name
		}
	}
	return l.beyond
}

// laneRun is what walk.run is given: where the walk's pages are and how it stands.
type laneRun struct {
	base, first, prefix string
	params              sobek.Value
	deadlineMs          int64
	setDepth            sobek.Callable
	cursor              *string // nil: the first page
	page                int     // pages folded so far
	depth               string  // the depth tag now on the VU
}

// laneResult is what walk.run did: for each page it folded, its path (relative to base), its
// latency (ms) and the next page's token (nil at the end). Then the walk has ended, when the last
// token is nil or timedOut (the deadline passed before a page); else pending holds the response
// of the next page, which the fold doubted or which was not a 200, for JavaScript to take the
// general way; or pending is nil and the next page's path needs JavaScript (a cursor beyond
// printable ASCII).
type laneResult struct {
	paths, latencies, nexts []any
	timedOut                bool
	pending                 sobek.Value
	depth                   string
}

// run sends and folds pages until one needs JavaScript, the walk ends, or the deadline passes.
// Bounded: each turn either folds a page, which the fold does only below the walk's maxPages,
// or returns.
func (w *walk) run(rt *sobek.Runtime, l *lane, r laneRun) laneResult {
	out := laneResult{depth: r.depth}
	cursor, page := r.cursor, r.page
	no := rt.ToValue(false)
	for {
		if time.Now().UnixMilli() > r.deadlineMs {
			out.timedOut = true
			return out
		}
		if name := l.depthName(page + 1); name != out.depth {
			out.depth = name
			call(rt, r.setDepth, sobek.Undefined(), rt.ToValue(name))
		}
		path := r.first
		if cursor != nil {
			encoded, ok := formEncode(*cursor)
			if !ok {
				return out
			}
			path = r.prefix + encoded
		}
		response := call(rt, l.get, sobek.Undefined(), rt.ToValue(r.base+path), r.params)
		raw := k6Response(response)
		var d digest
		folded := false
		if raw != nil && raw.Status == 200 {
			if body, ok := responseBody(raw); ok {
				d, folded = w.fold(body, page)
			}
		}
		if !folded { // not a 200, or the fold doubts it
			out.pending = response
			return out
		}
		for _, s := range l.onFolded {
			call(rt, s.add, s.metric, no)
		}
		out.paths = append(out.paths, path)
		out.latencies = append(out.latencies, raw.Timings.Duration)
		page++
		token, isToken := d.NextPageToken.(string)
		if !d.HasMore || !isToken { // fold vouches that the two agree
			out.nexts = append(out.nexts, nil)
			return out
		}
		out.nexts = append(out.nexts, token)
		cursor = &token
	}
}

// call calls f, and throws on in JavaScript what it threw.
func call(rt *sobek.Runtime, f sobek.Callable, this sobek.Value, args ...sobek.Value) sobek.Value {
	v, err := f(this, args...)
	if err != nil {
		var thrown *sobek.Exception
		if errors.As(err, &thrown) {
			panic(thrown)
		}
		common.Throw(rt, err)
	}
	return v
}

// formEncode is encodeFormComponent in lib/http/call.ts (encodeURIComponent, then a space as
// "+" and !'()~ escaped too) for printable ASCII; false for anything else, which JavaScript
// then encodes itself.
func formEncode(s string) (string, bool) {
	const hex = "0123456789ABCDEF"
	plain := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e {
			return "", false
		}
		if !formKeeps(c) {
			plain = false
		}
	}
	if plain {
		return s, true
	}
	out := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case formKeeps(c):
			out = append(out, c)
		case c == ' ':
			out = append(out, '+')
		default:
			out = append(out, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(out), true
}

// formKeeps: what encodeURIComponent leaves as it is, less the !'()~ that form encoding escapes.
func formKeeps(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '_' || c == '.' || c == '*'
}

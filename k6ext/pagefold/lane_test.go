package pagefold

import (
	"math/rand"
	"testing"

	"github.com/grafana/sobek"

	k6http "go.k6.io/k6/js/modules/k6/http"
	"go.k6.io/k6/lib/netext/httpext"
)

// laneRuntime is newRuntime with GET, a stand-in for k6/http's get: it answers each URL of
// PAGES (set from JavaScript: url -> [status, body]) with a k6/http response whose latency is
// the number of requests so far, answers 404 to any other, and keeps the URLs in SENT.
func laneRuntime(t *testing.T) *sobek.Runtime {
	t.Helper()
	rt := newRuntime(t)
	sent := rt.NewArray()
	if err := rt.Set("SENT", sent); err != nil {
		t.Fatal(err)
	}
	get := func(call sobek.FunctionCall) sobek.Value {
		url := call.Argument(0).String()
		if call.Argument(1).ToObject(rt).Get("marker").String() != "params" {
			panic(rt.NewTypeError("GET: not the walk's params"))
		}
		if err := sent.Set(sent.Get("length").String(), url); err != nil {
			panic(err)
		}
		status, body := 404, `{"message":"no such page","statusCode":404}`
		if answer := rt.Get("PAGES").ToObject(rt).Get(url); answer != nil && !sobek.IsUndefined(answer) {
			pair := answer.ToObject(rt)
			status, body = int(pair.Get("0").ToInteger()), pair.Get("1").String()
		}
		duration := float64(sent.Get("length").ToInteger())
		return rt.ToValue(&k6http.Response{Response: &httpext.Response{
			Status: status, Body: body, Timings: httpext.ResponseTimings{Duration: duration},
		}})
	}
	if err := rt.Set("GET", get); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(jsAsserts + `
		var PAGES = {};
		const added = [];
		const metric = (name) => ({ add(value) { added.push(name + '=' + value); } });
		const DEPTHS = JSON.stringify({ buckets: [{ upTo: 1, name: '1' }, { upTo: 2, name: '2' }], beyond: '3+' });
		const lane = newLane(GET, DEPTHS, [metric('limited'), metric('errors')]);
		const page = (ids, token) => JSON.stringify({
			data: ids.map((id) => ({ id, status: 'OPEN' })),
			pagination: { nextPageToken: token, hasMore: token !== null },
		});
		const depths = [];
		const openLane = (deadline = Date.now() + 60000) => {
			const walk = newScreen(ORDERS).walk('{"rules":[],"foreignIds":[],"limit":2,"maxPages":10}');
			return [walk, walk.lane(lane, 'http://api', { marker: 'params' }, '/orders?limit=2', '/orders?limit=2&cursor=',
				deadline, (depth) => depths.push(depth))];
		};
	`); err != nil {
		t.Fatal(err)
	}
	return rt
}

func runLaneJS(t *testing.T, script string) {
	t.Helper()
	if _, err := laneRuntime(t).RunString(script); err != nil {
		t.Fatal(err)
	}
}

func TestLaneWalksToTheEnd(t *testing.T) {
	t.Parallel()
	runLaneJS(t, `
		PAGES['http://api/orders?limit=2'] = [200, page(['o1', 'o2'], 'a b')];
		PAGES['http://api/orders?limit=2&cursor=a+b'] = [200, page(['o3', 'o4'], 'x~*!()/')];
		PAGES['http://api/orders?limit=2&cursor=x%7E*%21%28%29%2F'] = [200, page(['o5'], null)];
		const [walk, run] = openLane();
		const out = run(null, 0, '');
		eq(JSON.stringify(out.paths), JSON.stringify(['/orders?limit=2', '/orders?limit=2&cursor=a+b',
			'/orders?limit=2&cursor=x%7E*%21%28%29%2F']), 'paths, the cursor form-encoded');
		eq(JSON.stringify(out.latencies), '[1,2,3]', 'latencies');
		eq(JSON.stringify(out.nexts), JSON.stringify(['a b', 'x~*!()/', null]), 'next tokens, null at the end');
		eq(out.pending, undefined, 'nothing pending');
		eq(out.timedOut, false, 'not timed out');
		eq(out.depth, '3+', 'the depth tag now');
		eq(depths.join(' '), '1 2 3+', 'setDepth when the depth tag changes');
		eq(added.length, 6, 'each folded page adds false to each metric');
		eq(added.every((a) => a.endsWith('=false')), true, 'false');
		eq(walk.has('o5') && walk.tokens.has('a b') && walk.fingerprints.has('o3,o4'), true, 'folded into the walk');
	`)
}

// A page the fold doubts or that is not a 200 is handed to JavaScript, sent once; the walk can
// go on from where JavaScript leaves it.
func TestLaneHandsOver(t *testing.T) {
	t.Parallel()
	runLaneJS(t, `
		PAGES['http://api/orders?limit=2'] = [200, page(['o1', 'o2'], 'p2')];
		PAGES['http://api/orders?limit=2&cursor=p2'] = [429, '{"message":"slow down","statusCode":429}'];
		const [walk, run] = openLane();
		let out = run(null, 0, '');
		eq(out.paths.length, 1, 'the 200 before it is folded');
		eq(out.pending.status, 429, 'the 429 is pending');
		eq(SENT.length, 2, 'sent once');
		eq(added.length, 2, 'no metric for the pending page: JavaScript records it');

		PAGES['http://api/orders?limit=2&cursor=p2'] = [200, page(['o2', 'o3'], 'p3')];
		out = run('p2', 1, out.depth);
		eq(out.paths.length, 0, 'a duplicate id is a doubt');
		eq(out.pending.status, 200, 'the doubted 200 is pending');
		eq(walk.has('o3'), false, 'a doubted page changes nothing');

		PAGES['http://api/orders?limit=2&cursor=p3'] = [200, page(['o4'], 'é')];
		PAGES['http://api/orders?limit=2&cursor=%C3%A9'] = [200, page(['o5'], null)];
		out = run('p3', 2, out.depth);
		eq(JSON.stringify(out.nexts), '["é"]', 'the page before a cursor beyond ASCII is folded');
		eq(out.pending, undefined, 'and the next path is left to JavaScript');
		eq(SENT.includes('http://api/orders?limit=2&cursor=%C3%A9'), false, 'not sent');

		delete PAGES['http://api/orders?limit=2'];
		const [, fresh] = openLane();
		eq(fresh(null, 0, '').pending.status, 404, 'an error is pending');
	`)
}

func TestLaneStops(t *testing.T) {
	t.Parallel()
	runLaneJS(t, `
		PAGES['http://api/orders?limit=2'] = [200, page(['o1'], 'p2')];
		const [, late] = openLane(Date.now() - 1);
		const out = late(null, 0, '');
		eq(out.timedOut, true, 'past the deadline');
		eq(SENT.length, 0, 'nothing sent');

		// At the walk's page bound (maxPages 10) the fold doubts, and the lane hands the page over.
		const [, run] = openLane();
		eq(run('p9', 9, '3+').pending.status, 404, 'page 10 is not folded');

		const failing = newLane(() => { throw new Error('boom'); }, DEPTHS, []);
		const [walk] = openLane();
		const broken = walk.lane(failing, 'http://api', {}, '/orders', '/orders?cursor=', Date.now() + 1000, () => {});
		throws(() => broken(null, 0, ''), 'boom', 'what get throws is thrown');
	`)
}

func TestNewLaneErrors(t *testing.T) {
	t.Parallel()
	runLaneJS(t, `
		throws(() => newLane('get', DEPTHS, []), "k6/http's get", 'get not a function');
		throws(() => newLane(GET, '{"buckets":[]}', []), 'depthsJSON', 'no beyond');
		throws(() => newLane(GET, 'nope', []), 'depthsJSON', 'not JSON');
		throws(() => newLane(GET, DEPTHS, [{}]), 'has no add', 'not a metric');
		throws(() => newLane(GET, DEPTHS, ['x']), 'not a k6 metric', 'not an object');
		const [walk] = openLane();
		throws(() => walk.lane({}, 'b', {}, 'f', 'p', 0, () => {}), 'made by newLane', 'not a lane');
		throws(() => walk.lane(lane, 'b', {}, 'f', 'p', 'soon', () => {}), 'deadlineMs', 'deadline not a number');
	`)
}

// formEncode is encodeFormComponent (lib/http/call.ts) on printable ASCII: checked against that
// function, copied here and run by a JavaScript engine.
func TestFormEncodeIsEncodeFormComponent(t *testing.T) {
	t.Parallel()
	rt := sobek.New()
	v, err := rt.RunString(`(text) => /[ !'()~]/.test(text)
		? encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
		: encodeURIComponent(text)`)
	if err != nil {
		t.Fatal(err)
	}
	encode, _ := sobek.AssertFunction(v)
	random := rand.New(rand.NewSource(1))
	cases := []string{"", "abc", "a b", "~*!'()", "%+&=?/#", "\"\\<>"}
	for range 2000 {
		b := make([]byte, random.Intn(12))
		for i := range b {
			b[i] = byte(0x20 + random.Intn(0x7f-0x20))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, err := encode(sobek.Undefined(), rt.ToValue(s))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := formEncode(s)
		if !ok || got != want.String() {
			t.Fatalf("formEncode(%q) = %q, %v; encodeFormComponent gives %q", s, got, ok, want)
		}
	}
	for _, s := range []string{"é", "a\x7f", "\n", "\x00"} {
		if _, ok := formEncode(s); ok {
			t.Fatalf("formEncode(%q): want it left to JavaScript", s)
		}
	}
}

package pagefold

import (
	"testing"

	"github.com/grafana/sobek"

	"go.k6.io/k6/ext"
	"go.k6.io/k6/js/common"
	k6http "go.k6.io/k6/js/modules/k6/http"
	"go.k6.io/k6/js/modulestest"
	"go.k6.io/k6/lib/netext/httpext"
)

// newRuntime returns a runtime set up as k6 sets up a VU's, with the module's exports as globals.
func newRuntime(t *testing.T) *sobek.Runtime {
	t.Helper()
	rt := sobek.New()
	rt.SetFieldNameMapper(common.FieldNameMapper{})
	exports := new(RootModule).NewModuleInstance(&modulestest.VU{RuntimeField: rt}).Exports()
	for name, value := range exports.Named {
		if err := rt.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	for name, value := range map[string]string{"ORDERS": ordersSpec, "MENU_ITEMS": menuItemsSpec} {
		if err := rt.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	return rt
}

// jsAsserts are the assertions of the JavaScript tests (runJS).
const jsAsserts = `
	function eq(got, want, what) {
		if (got !== want) throw new Error(what + ': got ' + String(got) + ', want ' + String(want));
	}
	function throws(fn, want, what) {
		try { fn(); } catch (e) {
			if (!String(e).includes(want)) throw new Error(what + ': threw ' + String(e) + ', want ' + want);
			return;
		}
		throw new Error(what + ': did not throw');
	}
`

// runJS runs script in a new runtime (newRuntime) after jsAsserts; any error fails the test.
func runJS(t *testing.T, script string) {
	t.Helper()
	if _, err := newRuntime(t).RunString(jsAsserts + script); err != nil {
		t.Fatal(err)
	}
}

func TestRegistered(t *testing.T) {
	t.Parallel()
	if _, ok := ext.Get(ext.JSExtension)["k6/x/pagefold"]; !ok {
		t.Fatal("k6/x/pagefold is not registered")
	}
}

func TestJavaScriptAPI(t *testing.T) {
	t.Parallel()
	runJS(t, `
		const screen = newScreen(ORDERS);
		const walk = screen.walk(JSON.stringify({
			rules: [{ label: 'status=OPEN', kind: 'equals', field: 'status', values: ['OPEN'] }],
			foreignIds: [],
		}));
		const first = JSON.stringify({
			data: [{ id: 'o1', status: 'OPEN' }, { id: 'o2', status: 'OPEN', number: null }],
			pagination: { nextPageToken: 'p2', hasMore: true },
		});
		const d = walk.screen(first, 0);
		eq(d.recordCount, 2, 'recordCount');
		eq(d.pagination.hasMore, true, 'hasMore');
		eq(d.pagination.nextPageToken, 'p2', 'nextPageToken');
		eq(d.fingerprint, 'o1,o2', 'fingerprint');
		eq(JSON.stringify(d), '{"recordCount":2,"pagination":{"nextPageToken":"p2","hasMore":true},"fingerprint":"o1,o2"}', 'shape');

		const last = walk.screen('{"data":[{"id":"o3","status":"OPEN"}],"pagination":{"nextPageToken":null,"hasMore":false}}', 1);
		eq(last.pagination.hasMore, false, 'last hasMore');
		eq(last.pagination.nextPageToken, null, 'null token');

		eq(walk.has('o1'), true, 'has o1');
		eq(walk.has('zz'), false, 'has zz');
		eq(walk.get('o3'), 1, 'get o3');
		eq(walk.get('zz'), undefined, 'get zz');
		eq(walk.size, 3, 'size');
		eq(walk.set('j1', 7), undefined, 'set returns');
		eq(walk.get('j1'), 7, 'get j1');
		eq(walk.size, 4, 'size after set');
		walk.size = 99; // read-only, as Map's
		eq(walk.size, 4, 'size after assignment');
		walk.set('o1', 5); // an update keeps its place, as in a Map
		eq(walk.get('o1'), 5, 'get o1 after set');
		eq(JSON.stringify(walk.keys()), '["o1","o2","o3","j1"]', 'keys');
		eq(Array.isArray(walk.keys()), true, 'keys is an array');

		// Doubt: o1 again (and the status rule fails); zero values and an unchanged index.
		const doubt = walk.screen('{"data":[{"id":"o9","status":"OPEN"},{"id":"o1","status":"PAID"}],"pagination":{"nextPageToken":"p3","hasMore":true}}', 2);
		eq(doubt, null, 'doubt');
		eq(walk.has('o9'), false, 'doubt page ids not added');
		eq(walk.get('o1'), 5, 'doubt page leaves o1');
		eq(walk.size, 4, 'size after doubt');

		// Each walk has its own index.
		eq(screen.walk('{"rules":[],"foreignIds":[]}').size, 0, 'new walk size');

		throws(() => newScreen('{"record":{"pattern":"^o"},"pagination":{}}'), 'unsupported keyword "pattern"', 'pattern');
		throws(() => newScreen(42), 'TypeError', 'spec not a string');
		throws(() => screen.walk('{"rules":[{"kind":"startsWith","field":"id","values":["o"]}],"foreignIds":[]}'), 'unknown rule kind "startsWith"', 'kind');
		throws(() => screen.walk('{"rules":['), 'not valid JSON', 'malformed walk');
		throws(() => walk.screen(null, 3), 'TypeError', 'body not a string');
		throws(() => walk.screen('{}', -1), 'TypeError', 'negative page');
		throws(() => walk.screen('{}', 1.5), 'TypeError', 'fractional page');
		throws(() => walk.set('x', '1'), 'TypeError', 'page not a number');
		throws(() => walk.has(1), 'TypeError', 'id not a string');
	`)
}

// objectPrototype must hold every name the runtime's Object.prototype has.
func TestObjectPrototype(t *testing.T) {
	t.Parallel()
	v, err := sobek.New().RunString(`Object.getOwnPropertyNames(Object.prototype)`)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	if err := sobek.New().ExportTo(v, &names); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if !objectPrototype[name] {
			t.Errorf("objectPrototype lacks %q", name)
		}
	}
}

// The body can be handed over as the k6/http response that holds it, as the harness does.
func TestScreenReadsAK6Response(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t)
	page := `{"data":[{"id":"o1","status":"OPEN"}],"pagination":{"nextPageToken":null,"hasMore":false}}`
	for name, body := range map[string]any{"TEXT": page, "BYTES": []byte(page)} {
		response := &k6http.Response{Response: &httpext.Response{Body: body}}
		if err := rt.Set(name, response); err != nil {
			t.Fatal(err)
		}
	}
	if err := rt.Set("NO_BODY", &k6http.Response{Response: &httpext.Response{}}); err != nil {
		t.Fatal(err)
	}
	_, err := rt.RunString(`
		const screen = newScreen(ORDERS);
		const text = screen.walk('{"rules":[],"foreignIds":[]}').screen(TEXT, 0);
		if (text === null || text.fingerprint !== 'o1') throw new Error('text body: ' + JSON.stringify(text));
		const bytes = screen.walk('{"rules":[],"foreignIds":[]}').screen(BYTES, 0);
		if (bytes === null || bytes.fingerprint !== 'o1') throw new Error('bytes body: ' + JSON.stringify(bytes));
		if (screen.walk('{"rules":[],"foreignIds":[]}').screen(NO_BODY, 0) !== null) throw new Error('no body: not a doubt');
		let threw = '';
		try { screen.walk('{"rules":[],"foreignIds":[]}').screen({ body: TEXT }, 0); } catch (e) { threw = String(e); }
		if (!threw.includes('a string or a k6/http response')) throw new Error('a plain object: ' + threw);
	`)
	if err != nil {
		t.Fatal(err)
	}
}

// Another tenant's ids, made once with newIdSet and shared by walks, are foreign to each of them.
func TestSharedForeignIds(t *testing.T) {
	t.Parallel()
	runJS(t, `
		const screen = newScreen(ORDERS);
		const ids = newIdSet('["x1","x2"]');
		const page = (id) => '{"data":[{"id":"' + id + '","status":"OPEN"}],"pagination":{"nextPageToken":null,"hasMore":false}}';
		const check = (what, got, want) => { if (got !== want) throw new Error(what + ': ' + String(got)); };
		check('own id', screen.walk('{"rules":[],"foreignIds":[]}', ids).screen(page('o1'), 0) !== null, true);
		check('shared foreign id', screen.walk('{"rules":[],"foreignIds":[]}', ids).screen(page('x2'), 0), null);
		check('own list and shared', screen.walk('{"rules":[],"foreignIds":["y1"]}', ids).screen(page('x1'), 0), null);
		check('own list with shared', screen.walk('{"rules":[],"foreignIds":["y1"]}', ids).screen(page('y1'), 0), null);
		check('no shared set', screen.walk('{"rules":[],"foreignIds":[]}').screen(page('x1'), 0) !== null, true);
		let threw = '';
		try { screen.walk('{"rules":[],"foreignIds":[]}', ['x1']); } catch (e) { threw = String(e); }
		check('not a set', threw.includes('made by newIdSet'), true);
		threw = '';
		try { newIdSet('["x1", 2]'); } catch (e) { threw = String(e); }
		check('not strings', threw.includes('array of strings'), true);
	`)
}

func TestJavaScriptFold(t *testing.T) {
	t.Parallel()
	runJS(t, `
		eq(certifies.includes('walk-terminates'), true, 'certifies walk-terminates');
		eq(certifies.includes('page-matches-schema'), true, 'certifies page-matches-schema');
		eq(certifies.length, 10, 'certifies every page check');

		const walk = newScreen(ORDERS).walk('{"rules":[],"foreignIds":[],"limit":2,"maxPages":5}');
		const page = (ids, token) => JSON.stringify({
			data: ids.map((id) => ({ id, status: 'OPEN' })),
			pagination: { nextPageToken: token, hasMore: token !== null },
		});
		eq(walk.fold(page(['o1', 'o2'], 'p2'), 0), 'p2', 'next token');
		eq(walk.tokens.has('p2'), true, 'token kept');
		eq(walk.fingerprints.has('o1,o2'), true, 'fingerprint kept');
		eq(walk.has('o2'), true, 'ids kept');
		eq(walk.fold(page(['o3'], 'p2'), 1), undefined, 'a repeated token is a doubt');
		eq(walk.has('o3'), false, 'a doubt adds no id');
		eq(walk.fold(page(['o3', 'o4', 'o5'], 'p3'), 1), undefined, 'over the limit is a doubt');
		eq(walk.fold(page(['o3'], null), 1), null, 'the last page');

		// JavaScript folds doubt pages into the same sets.
		eq(walk.tokens.add('p9'), walk.tokens, 'add returns the set');
		eq(walk.tokens.has('p9'), true, 'added from JavaScript');
		walk.fingerprints.add('x,y');
		eq(walk.fingerprints.has('x,y'), true, 'fingerprint added from JavaScript');
		eq(walk.fingerprints.has('x'), false, 'other fingerprint');

		const unbounded = newScreen(ORDERS).walk('{"rules":[],"foreignIds":[]}');
		eq(unbounded.fold(page(['o1'], 'p2'), 0), undefined, 'no bounds, no fold');
		eq(unbounded.screen(page(['o1'], 'p2'), 0).recordCount, 1, 'the screen still runs');
	`)
}

func TestWalksShareTheirMethods(t *testing.T) {
	t.Parallel()
	runJS(t, `
		const screen = newScreen(ORDERS);
		const spec = JSON.stringify({ rules: [], foreignIds: [] });
		const a = screen.walk(spec), b = screen.walk(spec);
		for (const name of ['screen', 'fold', 'lane', 'has', 'get', 'set', 'keys'])
			eq(a[name], b[name], name + ' is one function for every walk');
		eq(Object.getPrototypeOf(a.tokens), Object.getPrototypeOf(b.tokens), 'tokens share theirs');
		eq(a.tokens, a.tokens, 'a walk\'s tokens are one object');
		eq(a.fingerprints === a.tokens, false, 'fingerprints are not its tokens');
		a.set('o1', 0);
		eq(a.has('o1') && !b.has('o1'), true, 'each walk has its own index');
		eq(a.size + b.size, 1, 'and its own size');
		a.tokens.add('t1');
		eq(b.tokens.has('t1'), false, 'and its own tokens');
		throws(() => a.has.call({}, 'o1'), 'has: not called on a walk', 'a method off its walk');
		throws(() => a.tokens.has.call(a, 't1'), 'tokens.has: not called', 'a set method off its set');
		throws(() => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(a), 'size').get.call({}), 'size: not read on a walk', 'size off its walk');
	`)
}

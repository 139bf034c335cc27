/**
 * Types of the harness's own k6 module, `k6/x/pagefold` (Go, in k6ext/pagefold), compiled into the
 * k6 that `npm install` builds. Bundles for a k6 without it (the k6-operator's stock image) get
 * lib/adapters/pagefold-absent.ts instead, where `newScreen` is undefined.
 */
declare module 'k6/x/pagefold' {
  /** A page the Go screen passed, as lib/paging/walk.ts's ScreenedPage. */
  export interface Screened {
    recordCount: number;
    pagination: { nextPageToken: string | null; hasMore: boolean };
    fingerprint: string;
  }
  /** A set of strings kept in Go, read and added to as a Set. */
  export interface SeenSet {
    has(value: string): boolean;
    add(value: string): SeenSet;
  }
  /** One walk: its id index (id → 0-based page it came on), its tokens and page fingerprints, and its page screen. */
  export interface ScreenWalk {
    /**
     * `body`: the page's text, or the k6/http response that holds it (read in Go, never made a
     * JavaScript string). Null on any doubt, and then the walk's index is unchanged. Bound to its
     * walk in Go.
     */
    readonly screen: (
      body: string | import('k6/http').RefinedResponse<'text'>,
      pageIndex: number,
    ) => Screened | null;
    /**
     * A 200 page folded wholly in Go when every check in `certifies` would certainly pass on it:
     * its ids, token and fingerprint are added to the walk, and the next page token is returned,
     * or null at the end. Undefined on any doubt, and then the walk is unchanged. Bound to its
     * walk in Go.
     */
    readonly fold: (
      body: string | import('k6/http').RefinedResponse<'text'>,
      pageIndex: number,
    ) => string | null | undefined;
    /**
     * The walk's lane: `run` sends its pages with `lane`'s get (k6/http's) to `base` + the first
     * path or `cursorPrefix` + the cursor form-encoded, with `params`, and folds each (as `fold`)
     * for as long as the fold vouches for it. `setDepth` is called with a page's depth tag when it
     * differs from the last. Bound to its walk in Go.
     */
    lane(lane: Lane, ...request: Parameters<OpenLane>): LaneRun;
    /** The next-page tokens the walk has seen. */
    readonly tokens: SeenSet;
    /** The walk's non-empty pages, by their ids joined with ",". */
    readonly fingerprints: SeenSet;
    has(id: string): boolean;
    get(id: string): number | undefined;
    set(id: string, page: number): void;
    readonly size: number;
    keys(): string[];
  }
  /**
   * What a walk's lane did: for each page it folded, its path (relative to base), latency
   * (http_req_duration, ms) and the next page's token (null at the end). Then the walk has ended,
   * when the last token is null or `timedOut` (the deadline passed before a page); else `pending`
   * is the response of the next page, which the fold doubted or which was not a 200, for
   * JavaScript to take; or `pending` is undefined and the next path needs JavaScript (a cursor
   * beyond printable ASCII).
   */
  export interface LaneResult {
    paths: string[];
    latencies: number[];
    nexts: (string | null)[];
    timedOut: boolean;
    pending: import('k6/http').RefinedResponse<'text'> | undefined;
    /** The depth tag now on the VU. */
    depth: string;
  }
  /**
   * A walk's lane given the VU's Lane (ScreenWalk.lane): its pages go to `base` with `params`, the
   * first at `firstPath`, later ones at `cursorPrefix` and the cursor; `setDepth` gets the depth
   * tag of a page whenever it changes.
   */
  export type OpenLane = (
    base: string,
    params: object,
    firstPath: string,
    cursorPrefix: string,
    deadlineMs: number,
    setDepth: (depth: string) => void,
  ) => LaneRun;
  /** Sends and folds the walk's pages from `cursor` (null: the first) while the fold vouches for them. */
  export type LaneRun = (cursor: string | null, pageIndex: number, depth: string) => LaneResult;
  /** What a VU's lanes share (newLane), opaque to JavaScript. */
  export interface Lane {
    readonly __brand: 'Lane';
  }
  /** A set of ids made once in Go (newIdSet), opaque to JavaScript. */
  export interface IdSet {
    readonly __brand: 'IdSet';
  }
  export interface Screen {
    /**
     * walkJSON: { rules: FilterRule[], foreignIds: string[], limit?: number | null, maxPages?: number }
     * (without limit and maxPages, fold always doubts); `foreign`: more foreign ids, shared.
     */
    walk(walkJSON: string, foreign?: IdSet): ScreenWalk;
  }
  /** idsJSON: a JSON array of ids, read once and shared by every walk given the set. */
  export const newIdSet: ((idsJSON: string) => IdSet) | undefined;
  /**
   * Made once per VU: `get` is k6/http's; depthsJSON: { buckets: { upTo, name }[], beyond } names
   * page depths for the depth tag; `metrics`: k6 metrics each folded page (a 200) adds false to.
   */
  export const newLane:
    ((get: typeof import('k6/http').get, depthsJSON: string, metrics: readonly object[]) => Lane) | undefined;
  /** The names of the page checks a walk's fold vouches for. */
  export const certifies: readonly string[] | undefined;
  /** specJSON: { record: JSON Schema, pagination: JSON Schema }; throws on a keyword it does not know. */
  export const newScreen: ((specJSON: string) => Screen) | undefined;
}

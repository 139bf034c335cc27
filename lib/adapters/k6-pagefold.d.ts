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
  /** One walk: its id index (id → 0-based page it came on) and its page screen. */
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
    has(id: string): boolean;
    get(id: string): number | undefined;
    set(id: string, page: number): void;
    readonly size: number;
    keys(): string[];
  }
  /** A set of ids made once in Go (newIdSet), opaque to JavaScript. */
  export interface IdSet {
    readonly __brand: 'IdSet';
  }
  export interface Screen {
    /** walkJSON: { rules: FilterRule[], foreignIds: string[] }; `foreign`: more foreign ids, shared. */
    walk(walkJSON: string, foreign?: IdSet): ScreenWalk;
  }
  /** idsJSON: a JSON array of ids, read once and shared by every walk given the set. */
  export const newIdSet: ((idsJSON: string) => IdSet) | undefined;
  /** specJSON: { record: JSON Schema, pagination: JSON Schema }; throws on a keyword it does not know. */
  export const newScreen: ((specJSON: string) => Screen) | undefined;
}

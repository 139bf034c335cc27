/**
 * Types of the harness's own k6 module, `k6/x/pagefold` (Go, in k6ext/pagefold), compiled into the
 * k6 that `npm install` builds. Bundles for a k6 without it (the k6-operator's stock image) get
 * lib/adapters/pagefold-absent.ts instead, where `newScreen` is undefined.
 */
declare module 'k6/x/pagefold' {
  /** What the Go screen read of a page; the other fields are meaningful only when `clean`. */
  export interface Digest {
    clean: boolean;
    count: number;
    hasMore: boolean;
    nextPageToken: string | null;
    fingerprint: string;
  }
  /** One walk: its id index (id → 0-based page it came on) and its page screen. */
  export interface ScreenWalk {
    screen(bodyText: string, pageIndex: number): Digest;
    has(id: string): boolean;
    get(id: string): number | undefined;
    set(id: string, page: number): void;
    readonly size: number;
    keys(): string[];
  }
  export interface Screen {
    /** walkJSON: { rules: FilterRule[], foreignIds: string[] } */
    walk(walkJSON: string): ScreenWalk;
  }
  /** specJSON: { record: JSON Schema, pagination: JSON Schema }; throws on a keyword it does not know. */
  export const newScreen: ((specJSON: string) => Screen) | undefined;
}

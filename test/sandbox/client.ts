/** A small HTTP client for the sandbox tests: typed replies, keys by tenant and role, bounded walks. */
import { request } from 'undici';
import { expect } from 'vitest';
import type { KeyRole } from '../../sandbox/domain.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';

export interface Item {
  id: string;
  [field: string]: unknown;
}

export interface Page {
  data: Item[];
  pagination: { nextPageToken: string | null; hasMore: boolean; [field: string]: unknown };
}

/** What a body may hold: a page, an error, or anything else (fields are checked, not trusted). */
type Body = Partial<Page> & {
  statusCode?: unknown;
  error?: unknown;
  message?: unknown;
  [field: string]: unknown;
};

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  /** The body decoded as undici's text() does: a leading byte order mark skipped. */
  text: string;
  /** The body's bytes as sent. */
  raw: Buffer;
  /** Parsed JSON body, or {} when the body is not JSON. */
  body: Body;
}

export type Query = Record<string, string | number | boolean | undefined>;

const MAX_WALK_PAGES = 500;

function toQueryString(query: Query): string {
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined);
  const params = new URLSearchParams(pairs.map(([name, value]): [string, string] => [name, String(value)]));
  return pairs.length === 0 ? '' : `?${params.toString()}`;
}

export async function get(
  url: string,
  // A list is one line each: a header sent twice.
  headers: Record<string, string | string[]> = {},
  method = 'GET',
  sent?: string,
): Promise<Reply> {
  const response = await request(url, {
    method,
    headers,
    body: sent,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const raw = Buffer.from(await response.body.arrayBuffer());
  const text = new TextDecoder().decode(raw);
  let body: Body = {};
  try {
    body = JSON.parse(text) as Body;
  } catch {
    // Not JSON: the tests that care look at text and contentType.
  }
  const contentType = String(response.headers['content-type'] ?? '');
  return { status: response.statusCode, headers: response.headers, contentType, text, raw, body };
}

export class SandboxClient {
  readonly sandbox: RunningSandbox;

  constructor(sandbox: RunningSandbox) {
    this.sandbox = sandbox;
  }

  tenant(index: number) {
    const tenant = this.sandbox.target.tenants[index];
    if (tenant === undefined) throw new Error(`no tenant ${index}`);
    return tenant;
  }

  key(tenant: number, role: KeyRole = 'full'): string {
    const source = this.tenant(tenant).keys[role];
    if (source === undefined || !('value' in source)) throw new Error(`no ${role} key`);
    return source.value;
  }

  bearer(tenant: number, role: KeyRole = 'full'): Record<string, string> {
    return { authorization: `Bearer ${this.key(tenant, role)}` };
  }

  get(
    path: string,
    query: Query = {},
    headers: Record<string, string | string[]> = this.bearer(0),
  ): Promise<Reply> {
    return get(`${this.sandbox.baseUrl}${path}${toQueryString(query)}`, headers);
  }

  /** Follows nextPageToken until hasMore is false (or maxPages); throws on any non-200. */
  async walk(
    path: string,
    query: Query = {},
    headers = this.bearer(0),
    maxPages = MAX_WALK_PAGES,
  ): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | undefined;
    do {
      const reply = await this.get(path, { ...query, cursor }, headers);
      if (reply.status !== 200) throw new Error(`page ${pages.length + 1}: ${reply.status} ${reply.text}`);
      const page = reply.body as Page;
      pages.push(page);
      cursor = page.pagination.hasMore ? (page.pagination.nextPageToken ?? undefined) : undefined;
    } while (cursor !== undefined && pages.length < maxPages);
    return pages;
  }

  async ids(path: string, query: Query = {}, headers = this.bearer(0)): Promise<string[]> {
    return (await this.walk(path, query, headers)).flatMap((page) => page.data.map((item) => item.id));
  }
}

/** Asserts the Error shape of spec §2 and §7, sent as application/json. */
export function expectErrorShape(reply: Reply, status: number): void {
  expect(reply.status).toBe(status);
  expect(reply.contentType).toMatch(/^application\/json/);
  expect(reply.body.statusCode).toBe(status);
  expect(typeof reply.body.error).toBe('string');
  expect(typeof reply.body.message).toBe('string');
}

export const MENU = '/public/menu/items';
export const ORDERS = '/public/orders';

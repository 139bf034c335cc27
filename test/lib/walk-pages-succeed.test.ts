/** walk-pages-succeed (spec §4.1, §4.2): a 200 that is no page says what it is, with an excerpt. */
import { describe, expect, it } from 'vitest';
import { walkPagesSucceed } from '../../lib/checks/walk-pages-succeed.ts';
import type { PageContext } from '../../lib/checks/types.ts';
import { lowerCasedResponse } from '../../lib/http/response.ts';
import { createRedactor } from '../../lib/redact.ts';

const KEY = 'sk_live_0123456789abcdef0123456789abcdef';

/** The check's message for a first page answering `status` with `bodyText` (JSON parsed if it is). */
function messageFor(bodyText: string, status = 200, type = 'application/json'): string | undefined {
  const response = lowerCasedResponse(status, { 'content-type': type }, bodyText, 1);
  const context = { response, page: null, walk: { pageCount: 0 } } as unknown as PageContext;
  return walkPagesSucceed.run(context)?.message;
}

describe('walk-pages-succeed', () => {
  it('should say a 200 is not JSON, with the Content-Type and the start of the body', () => {
    expect(messageFor('<html><body>Service   Unavailable</body></html>', 200, 'text/html')).toBe(
      'page 1 of the walk answered 200 with a body that is not JSON (text/html): "<html><body>Service Unavailable</body></html>"',
    );
    expect(messageFor('', 200)).toBe('page 1 of the walk answered 200 with an empty body (application/json)');
  });

  it("should say which part of the page's shape is wrong", () => {
    expect(messageFor('[1,2]')).toMatch(
      /answered 200 with JSON that is an array, not a page object: "\[1,2\]"$/,
    );
    expect(messageFor('{"items":[],"pagination":{}}')).toMatch(
      /answered 200 with JSON that is not a page \(data is missing, not an array\): /,
    );
    expect(messageFor('{"data":{},"pagination":null}')).toMatch(
      /\(data is an object, not an array; pagination is null, not an object\)/,
    );
  });

  it('should keep a page that answered another status as before', () => {
    expect(messageFor('{"message":"boom"}', 503)).toBe('page 1 of the walk answered 503');
  });

  it('should cut a long body short, never inside a key, so redaction removes every key it shows', () => {
    const redact = createRedactor([KEY]);
    for (let pad = 30; pad < 80; pad += 1) {
      const message = messageFor(`error: ${'x '.repeat(pad / 2)}${KEY} rejected`, 200, 'text/plain') ?? '';
      expect(message.length).toBeLessThan(200);
      expect(redact(message)).not.toMatch(/sk_live/);
    }
  });
});

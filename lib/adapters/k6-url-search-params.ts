/**
 * k6's JavaScript runtime (Sobek) has no URLSearchParams, which the pure core uses to build query
 * strings (lib/http/call.ts). This installs the part the core needs (a record in, `toString()`
 * out), serialising as application/x-www-form-urlencoded exactly as Node does, so the same call
 * gives the same URL in both runtimes.
 */
const encodeFormComponent = (text: string): string =>
  encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

class FormParams {
  private readonly pairs: [string, string][];

  constructor(init: Record<string, string> = {}) {
    this.pairs = Object.entries(init);
  }

  toString(): string {
    return this.pairs
      .map(([name, value]) => `${encodeFormComponent(name)}=${encodeFormComponent(value)}`)
      .join('&');
  }
}

/** Installs the stand-in when the runtime has no URLSearchParams of its own. */
export function installUrlSearchParams(scope: Record<string, unknown> = globalThis): void {
  if (typeof scope.URLSearchParams !== 'function') scope.URLSearchParams = FormParams;
}

export { FormParams as UrlSearchParamsStandIn };

/**
 * The k6 release this harness is built and tested against. The newest stable release the Go
 * module proxy serves; `@types/k6` follows the same major.minor where one is published (there is
 * no 1.8.x, so the 1.7.0 types are used: docs/toolchain.md).
 */
export const K6_PIN = 'v1.8.1';

/** From v2 on, Go's semantic import versioning puts the major in the module path. */
export function k6ModulePath(version: string): string {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`k6 pin "${version}" is not a version like v1.8.1`);
  return major >= 2 ? `go.k6.io/k6/v${major}` : 'go.k6.io/k6';
}

/** One line for every command that needs k6 and finds none. */
export const K6_INSTALL_HINT =
  `k6 not found: install Go and run \`npm install\` (builds k6 ${K6_PIN} into .tools/bin), ` +
  `or put k6 ${K6_PIN} on PATH (https://grafana.com/docs/k6/latest/set-up/install-k6/), ` +
  'or set K6_BIN to a k6 binary';

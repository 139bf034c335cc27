/**
 * The k6 release this harness is built and tested against; k6ext/go.mod requires the same version
 * (a test holds them together). The newest stable release the Go
 * module proxy serves; `@types/k6` follows the same major.minor where one is published (there is
 * no 1.8.x, so the 1.7.0 types are used: docs/toolchain.md).
 */
export const K6_PIN = 'v1.8.1';

/** One line for every command that needs k6 and finds none. */
export const K6_INSTALL_HINT =
  `k6 not found: install Go and run \`npm install\` (builds k6 ${K6_PIN} with the harness's page ` +
  'screen into .tools/bin), or set K6_BIN to a k6 built from k6ext/ (docs/toolchain.md)';

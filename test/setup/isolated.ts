/**
 * The test files that run each in a module graph of its own (vitest's `isolate`, on by default):
 * the ones that mock a module (vi.mock), fake timers or change process.env, whose changes would
 * reach the next file run in the same worker. Every other unit test file shares its worker's
 * module graph with the files before it (`isolate: false`): the harness's modules are imported
 * once per worker, not once per file, which was some 0.4 CPU-s of each of 170 files.
 * test/toolchain/isolation.test.ts keeps this list and the files' contents in step.
 */
export const ISOLATED: readonly string[] = [
  'test/bench/measurements.test.ts',
  'test/load/faults.test.ts',
  'test/load/publish-config.test.ts',
  'test/load/publish.test.ts',
  'test/load/smoke.test.ts',
  'test/load/walk-complete.test.ts',
  'test/toolchain/artillery.test.ts',
];

/** What makes a file change state the next file would see: a module mock, fake timers, process.env written. */
export const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/;

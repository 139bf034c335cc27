/**
 * Where run folders go unless told otherwise (`--reports-dir`), relative to the working directory:
 * defined here once for every command, the bench, the run folder writer and the tests.
 */
export const DEFAULT_REPORTS_DIR = 'reports';

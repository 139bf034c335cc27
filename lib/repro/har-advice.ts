/**
 * What to do about a HAR that does not match the HAR 1.2 schema, in words a support engineer can
 * act on ("not a HAR file: no top-level log") rather than the validator's ("must have required
 * property 'log'"). Never quotes a value of the file: a HAR carries keys and customers' data.
 */

/** The parts of an ajv error this reads (ajv's ErrorObject). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const EXPORT_AGAIN =
  'export the HAR again (a browser\'s network panel: "Save all as HAR with content"; or docs/repro.md, "A HAR without a browser")';

export function harAdvice(error: SchemaError): string {
  const place = error.instancePath || '/';
  const missing = typeof error.params.missingProperty === 'string' ? error.params.missingProperty : undefined;
  if (place === '/' && (error.keyword === 'type' || missing === 'log'))
    return `not a HAR file: no top-level log; ${EXPORT_AGAIN}`;
  if (missing !== undefined)
    return `${place} has no ${missing}, which HAR 1.2 requires there; ${EXPORT_AGAIN}`;
  if (error.keyword === 'type')
    return `${place} should be ${String(error.params.type)} in HAR 1.2; ${EXPORT_AGAIN}`;
  return `${place} does not match HAR 1.2 (${error.keyword}); ${EXPORT_AGAIN}`;
}

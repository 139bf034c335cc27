/** har-schema ships JSON Schemas (draft-06) for HAR 1.2 without type declarations. */
declare module 'har-schema' {
  const schemas: Record<string, object> & { har: object };
  export default schemas;
}

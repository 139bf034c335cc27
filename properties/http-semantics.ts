/**
 * HTTP semantics the spec leans on (spec §4: both endpoints are GET, return application/json):
 * HEAD (properties/http-head.ts), content negotiation (http-accept.ts), content codings
 * (http-encoding.ts) and conditional requests
 * (http-conditional.ts), other methods than GET (http-methods.ts), each at fixed cells: both endpoints, first and cursor pages, both headers.
 */
import { acceptProperty } from './http-accept.ts';
import { encodingProperty } from './http-encoding.ts';
import { conditionalProperty } from './http-conditional.ts';
import { headProperty } from './http-head.ts';
import { otherMethodsProperty } from './http-methods.ts';

export const HTTP_SEMANTICS = [
  headProperty,
  acceptProperty,
  encodingProperty,
  conditionalProperty,
  otherMethodsProperty,
];

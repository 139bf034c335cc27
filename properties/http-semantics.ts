/**
 * HTTP semantics the spec leans on (spec §4: both endpoints are GET, return application/json):
 * HEAD (properties/http-head.ts), content negotiation (http-accept.ts) and conditional requests
 * (http-conditional.ts), other methods than GET (http-methods.ts), each at fixed cells: both endpoints, first and cursor pages, both headers.
 */
import { acceptProperty } from './http-accept.ts';
import { conditionalProperty } from './http-conditional.ts';
import { headProperty } from './http-head.ts';
import { otherMethodsProperty } from './http-methods.ts';

export const HTTP_SEMANTICS = [headProperty, acceptProperty, conditionalProperty, otherMethodsProperty];

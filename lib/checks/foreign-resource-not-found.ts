import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/** spec §5: a resource outside the key's tenant (a location, a category) is reported as 404. */
export const foreignResourceNotFound: ProbeCheck = {
  name: 'foreign-resource-not-found',
  description: "Another tenant's locationId or categoryId, sent with this tenant's key, is 404.",
  catches: ['foreign-location', 'foreign-category'],
  run: (context) => unexpectedStatus(context, '404', (s) => s === 404),
};

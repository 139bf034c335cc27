/** Vocabulary of the public read API (spec §2, §3) and the sandbox's documented choices. */

export const MENU_STATUSES = ['ACTIVE', 'STOP_LIST', 'ARCHIVED'] as const;
export const ORDER_STATUSES = ['OPEN', 'SENT_TO_KITCHEN', 'PAID', 'CLOSED', 'CANCELLED'] as const;

/** Status codes below this are "active" (spec §3 filter rule: OPEN and SENT_TO_KITCHEN). */
export const FIRST_INACTIVE_ORDER_STATUS = 2;

/**
 * The salesChannel values the sandbox accepts (spec §4.1 leaves them "not shown"). A channel's
 * index is its bit in the stored channel-visibility mask.
 */
export const SALES_CHANNELS = ['DINE_IN', 'TAKEAWAY', 'DELIVERY'] as const;
export const ALL_CHANNELS_MASK = (1 << SALES_CHANNELS.length) - 1;

export const CURRENCY = 'EUR';

/** Key roles of the target file, one key of each per tenant. */
export { KEY_ROLES, type KeyRole } from '../lib/target/schema.ts';

export const SCOPES = { public: 'public.read', menu: 'menu.read', orders: 'orders.read' } as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export function channelNames(mask: number): Record<string, boolean> {
  const visibility: Record<string, boolean> = {};
  SALES_CHANNELS.forEach((channel, bit) => (visibility[channel] = (mask & (1 << bit)) !== 0));
  return visibility;
}

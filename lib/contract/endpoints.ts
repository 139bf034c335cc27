/** The two public operations (spec §4) and the facts about them the harness needs. */
import { MENU_ITEM_STATUSES, ORDER_STATUSES, PAGE_SIZE_MAX } from './schemas.ts';

export type Endpoint = 'menuItems' | 'orders';
export const ENDPOINTS: readonly Endpoint[] = ['menuItems', 'orders'];

export interface EndpointInfo {
  operationId: string;
  path: string;
  /** Scopes the key needs, all of them (spec §5). */
  scopes: readonly string[];
  statuses: readonly string[];
  /** Filter parameters, other than limit and cursor, that the endpoint accepts. */
  filters: readonly string[];
}

export const ENDPOINT_INFO: Record<Endpoint, EndpointInfo> = {
  menuItems: {
    operationId: 'listPublicMenuItems',
    path: '/public/menu/items',
    scopes: ['public.read', 'menu.read'],
    statuses: MENU_ITEM_STATUSES,
    filters: ['q', 'categoryId', 'locationId', 'status', 'salesChannel'],
  },
  orders: {
    operationId: 'listPublicOrders',
    path: '/public/orders',
    scopes: ['public.read', 'orders.read'],
    statuses: ORDER_STATUSES,
    filters: ['locationId', 'status', 'activeOnly'],
  },
};

/** spec §8 (Limits). */
export const LIMITS = { default: 50, min: 1, max: PAGE_SIZE_MAX } as const;

/**
 * The limits just outside 1..100 (spec §4.3 rule 6, §8: a 400, never silently altered): drawn
 * often by limits.rejected, and each in turn by a load's refused requests.
 */
export const LIMITS_JUST_OUTSIDE: readonly string[] = ['0', String(LIMITS.max + 1), '-1'];

/**
 * The public read API's data shapes, written once from spec §2 (Resources and their fields).
 * The OpenAPI document (openapi.ts), the TypeScript types and the validators (validate.ts) are all
 * derived from these schemas, so they cannot drift apart.
 */
import { Type, type Static } from '@sinclair/typebox';

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

export const MENU_ITEM_STATUSES = ['ACTIVE', 'STOP_LIST', 'ARCHIVED'] as const;
export const ORDER_STATUSES = ['OPEN', 'SENT_TO_KITCHEN', 'PAID', 'CLOSED', 'CANCELLED'] as const;
/** Orders that `activeOnly=true` returns (spec §3, filter rule). */
export const ACTIVE_ORDER_STATUSES: readonly string[] = ['OPEN', 'SENT_TO_KITCHEN'];

const enumOf = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

// Objects "may carry additional fields beyond those listed" (spec §2), hence additionalProperties.
export const MenuItem = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    sku: Type.Optional(nullableString()),
    status: enumOf(MENU_ITEM_STATUSES),
  },
  { $id: 'MenuItem', additionalProperties: true },
);

export const Order = Type.Object(
  {
    id: Type.String(),
    number: Type.Optional(nullableString()),
    status: enumOf(ORDER_STATUSES),
    locationId: Type.Optional(nullableString()),
  },
  { $id: 'Order', additionalProperties: true },
);

// Pagination is the one closed object of the spec: "object, no additional fields".
export const Pagination = Type.Object(
  {
    nextPageToken: nullableString(),
    hasMore: Type.Boolean(),
  },
  { $id: 'Pagination', additionalProperties: false },
);

// spec §2 gives the Error fields without a "required" column; an error body without its status
// code or message is what the harness calls a broken Error shape (the sandbox fault `error-shape`).
export const ApiError = Type.Object(
  {
    message: Type.Union([Type.String(), Type.Array(Type.String())]),
    statusCode: Type.Integer(),
    error: Type.Optional(Type.String()),
  },
  { $id: 'Error', additionalProperties: true },
);

/** The largest page a request may ask for (spec §8: limit maximum 100), so the most `data` holds. */
export const PAGE_SIZE_MAX = 100;

const listOf = <T extends typeof MenuItem | typeof Order>(item: T, id: string) =>
  Type.Object(
    { data: Type.Array(item, { maxItems: PAGE_SIZE_MAX }), pagination: Pagination },
    { $id: id, additionalProperties: true },
  );

export const MenuItemsPage = listOf(MenuItem, 'MenuItemsPage');
export const OrdersPage = listOf(Order, 'OrdersPage');

export type MenuItem = Static<typeof MenuItem>;
export type Order = Static<typeof Order>;
export type Pagination = Static<typeof Pagination>;
export type ApiError = Static<typeof ApiError>;
export type MenuItemsPage = Static<typeof MenuItemsPage>;
export type OrdersPage = Static<typeof OrdersPage>;

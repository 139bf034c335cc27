/**
 * Cells for the menu's channel views (spec §4.1: salesChannel "selects channel visibility", alone
 * or with a locationId, which "filters items"): every sales channel of the target file alone and
 * with a location, and each of status, categoryId and q beside them. The aimed classes measure
 * only the spec's filters (salesChannel's values are "not shown"), so without these cells a
 * channel's view, above all with a location, came up by chance or never. Each is aimed at records
 * (a location whose menu holds some, values taken from its items), then judged like any exact walk.
 */
import { LIMITS } from '../../lib/contract/endpoints.ts';
import type { Query } from '../../lib/http/call.ts';
import { combinationName } from '../../lib/props/aim.ts';
import { cellKey, type Coverage, type CoverageCell } from '../../lib/props/coverage.ts';
import type { Survey, SurveyRecord, TenantSurvey } from '../../lib/props/survey.ts';
import { schemeOf, type AimedWalk } from './aimed-walk.ts';

const LABEL = "a sales channel's view";
/** The filters tried beside each view, one channel each (alone, every channel). */
const BESIDE = ['status', 'categoryId', 'q'] as const;
/** Pages a view's walk is cut into at its limit, so that a cursor page shows it too. */
const PAGES = 2;

/** `menuItems locationId+status+salesChannel (DINE_IN)`: the spec's filters in their order, the channel last. */
function where(query: Query): string {
  const filters = combinationName(Object.keys(query).filter((name) => name !== 'salesChannel'));
  return `menuItems ${filters === '' ? '' : `${filters}+`}salesChannel (${query.salesChannel ?? ''})`;
}

/** A view's base: the tenant, the location (none for the channel alone) and the items it holds. */
interface Base {
  tenant: TenantSurvey;
  locationId?: string;
  items: readonly SurveyRecord[];
}

/** The value of `field` that keeps `item` (q: the first letters of its name). */
function valueFor(field: (typeof BESIDE)[number], item: SurveyRecord): string | undefined {
  if (field === 'q') return typeof item.name === 'string' ? item.name.slice(0, 3) : undefined;
  const value = field === 'status' ? item.status : item.categoryId;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The quiescent menus read in full, and the location of theirs with the most items. */
function bases(survey: Survey): { whole?: Base; located?: Base } {
  const tenants = survey.tenants.filter(
    (tenant) =>
      tenant.quiescent &&
      tenant.lists.menuItems.end === 'complete' &&
      tenant.lists.menuItems.records.length > 0,
  );
  const [first] = tenants;
  const whole = first && { tenant: first, items: first.lists.menuItems.records };
  const located = tenants
    .flatMap((tenant) =>
      Object.entries(tenant.menuByLocation).map(([locationId, ids]) => {
        const held = new Set(ids);
        return {
          tenant,
          locationId,
          items: tenant.lists.menuItems.records.filter((item) => held.has(item.id)),
        };
      }),
    )
    .sort((a, b) => b.items.length - a.items.length)[0];
  return { ...(whole && { whole }), ...(located && located.items.length > 0 && { located }) };
}

/** The walks of one base: each channel alone, then one filter beside each, the channels in turn. */
function walksOf(base: Base, channels: readonly string[]): AimedWalk[] {
  const located: Query = base.locationId === undefined ? {} : { locationId: base.locationId };
  const queries: Query[] = channels.map((salesChannel) => ({ ...located, salesChannel }));
  BESIDE.forEach((field, index) => {
    const value = base.items[0] && valueFor(field, base.items[0]);
    const salesChannel = channels[(index + 1) % channels.length];
    if (value !== undefined && salesChannel !== undefined)
      queries.push({ ...located, salesChannel, [field]: value });
  });
  const limit = Math.min(LIMITS.max, Math.max(1, Math.ceil(base.items.length / PAGES)));
  return queries.map((query, index) => ({
    tenant: base.tenant.name,
    endpoint: 'menuItems',
    scheme: schemeOf(index),
    query,
    limit,
  }));
}

/** Why a view has no cell: no channel named, no menu read in full, no location's menu read. */
function missing(channels: readonly string[], whole: boolean, located: boolean): CoverageCell[] {
  const cell = (query: Query, why: string) => ({ where: where(query), label: LABEL, why });
  if (channels.length === 0) {
    const why = 'the target file names no salesChannels (docs/targets.md): no channel view is drawn';
    return [cell({ salesChannel: '' }, why), cell({ locationId: '', salesChannel: '' }, why)];
  }
  if (!whole) return [cell({ salesChannel: '' }, 'no quiescent tenant whose menu the survey read in full')];
  if (!located)
    return [
      cell(
        { locationId: '', salesChannel: '' },
        "no location's menu read in full holds an item on a quiescent tenant",
      ),
    ];
  return [];
}

/** `coverage` with a cell and an input for each channel view (or why there is none). */
export function withChannelViews(
  coverage: Coverage<AimedWalk>,
  survey: Survey,
  channels: readonly string[],
): Coverage<AimedWalk> {
  const { whole, located } = bases(survey);
  const taken = channels.length === 0 ? [] : [whole, located].filter((base) => base !== undefined);
  const walks = taken.flatMap((base) => walksOf(base, channels));
  const cells = [
    ...walks.map((walk) => ({ where: where(walk.query), label: LABEL })),
    ...missing(channels, whole !== undefined, located !== undefined),
  ];
  const known = new Set(cells.filter((cell) => !('why' in cell)).map(cellKey));
  return {
    cells: [...coverage.cells, ...cells],
    examples: [...coverage.examples, ...walks],
    reached(input) {
      const own =
        input.endpoint === 'menuItems' ? [cellKey({ where: where(input.query), label: LABEL })] : [];
      return [...coverage.reached(input), ...own.filter((key) => known.has(key))];
    },
  };
}

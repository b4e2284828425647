// The Orders models' date window (v0 getOrders, 2026-01-01 searchOrders): parsed, checked as the parameter
// descriptions state it, and applied to the fixture's creation and last-update times (bounds inclusive).
import type { V0Order } from './data/orders.js';

/** The four parameter names of one Orders version (PascalCase in v0, camelCase in 2026-01-01). */
export interface OrderDateNames {
  createdAfter: string;
  createdBefore: string;
  lastUpdatedAfter: string;
  lastUpdatedBefore: string;
}

/** "… at least two minutes before current time" (createdBefore, lastUpdatedBefore). */
const MIN_AGE_MS = 2 * 60_000;

/** The request's date predicate, or the message of the 400 for the first date that breaks a rule. */
export function orderDateFilter(url: URL, names: OrderDateNames): ((o: V0Order) => boolean) | string {
  const at: Partial<Record<keyof OrderDateNames, number>> = {};
  for (const key of Object.keys(names) as Array<keyof OrderDateNames>) {
    const raw = url.searchParams.get(names[key]);
    if (raw === null) continue;
    const t = Date.parse(raw);
    if (Number.isNaN(t)) return `${names[key]} must be in ISO 8601 format.`;
    at[key] = t;
  }
  for (const [after, before] of [
    ['createdAfter', 'createdBefore'],
    ['lastUpdatedAfter', 'lastUpdatedBefore'],
  ] as const) {
    const from = at[after];
    const to = at[before];
    if (to === undefined) continue;
    if (from !== undefined && to < from)
      return `${names[before]} must be equal to or after the ${names[after]} date.`;
    if (to > Date.now() - MIN_AGE_MS)
      return `${names[before]} must be at least two minutes before the time of the request.`;
  }
  const within = (t: number, from?: number, to?: number) =>
    (from === undefined || t >= from) && (to === undefined || t <= to);
  return (o) =>
    within(Date.parse(o.PurchaseDate), at.createdAfter, at.createdBefore) &&
    within(Date.parse(o.LastUpdateDate), at.lastUpdatedAfter, at.lastUpdatedBefore);
}

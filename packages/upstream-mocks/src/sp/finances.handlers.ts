// Finances v0: settlement groups and financial events (by group, by order, by posted date), paged with
// MaxResultsPerPage and a NextToken that is only valid with the arguments of the call that produced it.
import type { RequestHandler } from 'msw';
import { FINANCIAL_EVENT_GROUPS, FINANCIAL_EVENTS, type PostedEvent } from './data/finances.js';
import { pageToken, queryFilters } from './page-token.js';
import { invalidInput, spJson } from './respond.js';
import { spRoute, unexpectedParams } from './route.js';

/** The model: PostedAfter/PostedBefore "must be more than two minutes before the time of the request". */
const MIN_AGE_MS = 2 * 60_000;

interface Page<T> {
  items: T[];
  next?: string;
}

/** Pages `all`; answers a 400 Response for a token issued for other arguments. */
function paginate<T>(url: URL, all: T[], defaultSize: number, op: string): Page<T> | Response {
  const size = Number(url.searchParams.get('MaxResultsPerPage') ?? defaultSize);
  // A token is bound to the path and every argument but NextToken.
  const bound = `${url.pathname}?${queryFilters(url, ['NextToken'])}`;
  let offset = 0;
  const token = url.searchParams.get('NextToken');
  if (token !== null) {
    const parsed = pageToken.decode(token);
    // A token this mock never issued (a doc example's) reads as the end of the list.
    if (!parsed) return { items: [] };
    if (parsed.filters !== bound)
      return invalidInput('Invalid NextToken.', op, 'NextToken was issued for other arguments.');
    offset = parsed.offset;
  }
  const items = all.slice(offset, offset + size);
  const more = offset + size < all.length;
  return { items, ...(more ? { next: pageToken.encode(offset + size, bound) } : {}) };
}

/** 400 for a date that is not a date-time, too recent, or out of order; else the parsed range. */
function range(url: URL, after: string, before: string, op: string): [number, number] | Response {
  const parse = (name: string): number | undefined | Response => {
    const raw = url.searchParams.get(name);
    if (raw === null) return undefined;
    const t = Date.parse(raw);
    if (Number.isNaN(t))
      return invalidInput(`Invalid ${name}.`, op, `${name} must be an ISO 8601 date-time.`);
    if (t > Date.now() - MIN_AGE_MS)
      return invalidInput(
        `Invalid ${name}.`,
        op,
        `${name} must be more than two minutes before the request.`,
      );
    return t;
  };
  const from = parse(after);
  const to = parse(before);
  if (from instanceof Response) return from;
  if (to instanceof Response) return to;
  if (from !== undefined && to !== undefined && to <= from)
    return invalidInput(`Invalid ${before}.`, op, `${before} must be later than ${after}.`);
  return [from ?? Number.NEGATIVE_INFINITY, to ?? Number.POSITIVE_INFINITY];
}

/** A FinancialEvents object of the page's events, grouped by list. */
function financialEvents(events: PostedEvent[]): Record<string, unknown[]> {
  const lists: Record<string, unknown[]> = {};
  for (const e of events) lists[e.list] = [...(lists[e.list] ?? []), e.event];
  return lists;
}

function eventsAnswer(url: URL, selected: PostedEvent[], op: string, withRange: boolean): Response {
  const params = ['MaxResultsPerPage', 'NextToken', ...(withRange ? ['PostedAfter', 'PostedBefore'] : [])];
  const bad = unexpectedParams(url, params);
  if (bad.length > 0)
    return invalidInput('Invalid Input', op, `Unknown query parameter(s): ${bad.join(', ')}`);
  let events = selected;
  if (withRange) {
    const r = range(url, 'PostedAfter', 'PostedBefore', op);
    if (r instanceof Response) return r;
    events = events.filter((e) => Date.parse(e.posted) >= r[0] && Date.parse(e.posted) < r[1]);
  }
  const page = paginate(url, events, 100, op);
  if (page instanceof Response) return page;
  return spJson(
    {
      payload: {
        FinancialEvents: financialEvents(page.items),
        ...(page.next ? { NextToken: page.next } : {}),
      },
    },
    200,
    op,
  );
}

const groups = spRoute('get', '/finances/v0/financialEventGroups', ({ url }) => {
  const op = 'listFinancialEventGroups';
  const allowed = [
    'MaxResultsPerPage',
    'NextToken',
    'FinancialEventGroupStartedAfter',
    'FinancialEventGroupStartedBefore',
  ];
  const bad = unexpectedParams(url, allowed);
  if (bad.length > 0)
    return invalidInput('Invalid Input', op, `Unknown query parameter(s): ${bad.join(', ')}`);
  const r = range(url, 'FinancialEventGroupStartedAfter', 'FinancialEventGroupStartedBefore', op);
  if (r instanceof Response) return r;
  const selected = FINANCIAL_EVENT_GROUPS.filter((g) => {
    const start = Date.parse(String(g.FinancialEventGroupStart));
    return start >= r[0] && start < r[1];
  });
  const page = paginate(url, selected, 10, op);
  if (page instanceof Response) return page;
  return spJson(
    { payload: { FinancialEventGroupList: page.items, ...(page.next ? { NextToken: page.next } : {}) } },
    200,
    op,
  );
});

const byGroup = spRoute(
  'get',
  '/finances/v0/financialEventGroups/:eventGroupId/financialEvents',
  ({ url, params }) =>
    eventsAnswer(
      url,
      FINANCIAL_EVENTS.filter((e) => e.groupId === params.eventGroupId),
      'listFinancialEventsByGroupId',
      true,
    ),
);

const byOrder = spRoute('get', '/finances/v0/orders/:orderId/financialEvents', ({ url, params }) =>
  eventsAnswer(
    url,
    FINANCIAL_EVENTS.filter((e) => e.orderId === params.orderId),
    'listFinancialEventsByOrderId',
    false,
  ),
);

const byDate = spRoute('get', '/finances/v0/financialEvents', ({ url }) =>
  eventsAnswer(url, FINANCIAL_EVENTS, 'listFinancialEvents', true),
);

export const financesHandlers: RequestHandler[] = [...groups, ...byGroup, ...byOrder, ...byDate];

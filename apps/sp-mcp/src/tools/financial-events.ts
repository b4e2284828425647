// Reads Finances v0 financial events for one order, one event group or a posted-date range, page after
// page (NextToken, same arguments) up to a bound; a read cut by the bound says so and hands back the token.
import { type CallContext, DomainValidationError } from '@obmcp/contract';
import type { OperationRef, SendOperation } from '@obmcp/openapi-tools';
import type { SpCallExtra } from '../operations/call-operation.js';
import type { SpResult } from '../http/client.js';
import { asObject, payloadOf } from './deps.js';

/** The three Finances v0 reads of financial events, in the order a workflow declares them. */
export const FINANCIAL_EVENT_OPERATIONS = {
  byRange: ['financesV0', 'listFinancialEvents'],
  byGroup: ['financesV0', 'listFinancialEventsByGroupId'],
  byOrder: ['financesV0', 'listFinancialEventsByOrderId'],
} as const satisfies Record<string, OperationRef>;

export type FinancialEventSends = Readonly<
  Record<keyof typeof FINANCIAL_EVENT_OPERATIONS, SendOperation<SpResult, SpCallExtra>>
>;

/** What the caller asks for: exactly one of orderId, eventGroupId and postedAfter (date range). */
export interface EventsSource {
  orderId?: string | undefined;
  eventGroupId?: string | undefined;
  postedAfter?: string | undefined;
  postedBefore?: string | undefined;
}

export interface EventsPaging {
  maxPages: number;
  pageSize: number;
  /** Continue a read that came back truncated. */
  nextToken?: string | undefined;
}

export interface EventsRead {
  /** Every event list of FinancialEvents (ShipmentEventList, RefundEventList …), pages merged. */
  lists: Record<string, unknown[]>;
  pagesRead: number;
  /** True when maxPages pages were read and the API still returned a NextToken. */
  truncated: boolean;
  /** The token that continues a truncated read (pass it back with the same source). */
  nextToken?: string;
}

function invalid(summary: string, paths: string[], issue: string): DomainValidationError {
  return new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary,
    details: paths.map((path) => ({ path, issue, received_type: 'string' })),
    hints: ['Give one of orderId, eventGroupId or postedAfter (optionally postedBefore). See schema.'],
  });
}

/** The operation and its arguments (the model's own names) for a source; throws on a bad combination. */
function requestFor(
  source: EventsSource,
  pageSize: number,
): [keyof typeof FINANCIAL_EVENT_OPERATIONS, Record<string, unknown>] {
  const given = (['orderId', 'eventGroupId', 'postedAfter'] as const).filter((k) => source[k] !== undefined);
  if (given.length !== 1)
    throw invalid(
      given.length === 0
        ? 'Provide orderId, eventGroupId or postedAfter.'
        : `Provide only one of ${given.join(', ')}.`,
      given.length === 0 ? ['orderId', 'eventGroupId', 'postedAfter'] : given,
      'exactly one of these is required',
    );
  if (source.orderId !== undefined && source.postedBefore !== undefined)
    throw invalid(
      'postedBefore cannot be combined with orderId.',
      ['postedBefore'],
      'not allowed with orderId',
    );
  const { postedAfter: after, postedBefore: before } = source;
  if (after !== undefined && before !== undefined && Date.parse(before) <= Date.parse(after))
    throw invalid('postedBefore must be later than postedAfter.', ['postedBefore'], 'not after postedAfter');
  const range = {
    ...(after === undefined ? {} : { PostedAfter: after }),
    ...(before === undefined ? {} : { PostedBefore: before }),
  };
  if (source.orderId !== undefined)
    return ['byOrder', { orderId: source.orderId, MaxResultsPerPage: pageSize }];
  if (source.eventGroupId !== undefined)
    return ['byGroup', { eventGroupId: source.eventGroupId, MaxResultsPerPage: pageSize, ...range }];
  return ['byRange', { MaxResultsPerPage: pageSize, ...range }];
}

export async function readFinancialEvents(
  send: FinancialEventSends,
  source: EventsSource,
  paging: EventsPaging,
  call: CallContext,
): Promise<EventsRead> {
  // Throws on a bad combination before any request is sent.
  const [read, args] = requestFor(source, paging.pageSize);
  const lists: Record<string, unknown[]> = {};
  let token = paging.nextToken;
  for (let page = 1; page <= paging.maxPages; page++) {
    // The model: page on with NextToken "and include the same arguments as the call that produced it".
    const { body } = await send[read](
      { ...args, ...(token === undefined ? {} : { NextToken: token }) },
      call,
    );
    const payload = payloadOf(body);
    for (const [name, events] of Object.entries(asObject(payload.FinancialEvents)))
      if (Array.isArray(events) && events.length > 0) lists[name] = [...(lists[name] ?? []), ...events];
    token = typeof payload.NextToken === 'string' && payload.NextToken !== '' ? payload.NextToken : undefined;
    if (token === undefined) return { lists, pagesRead: page, truncated: false };
  }
  return { lists, pagesRead: paging.maxPages, truncated: true, ...(token ? { nextToken: token } : {}) };
}

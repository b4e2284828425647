// Unit (src): the finance events a seller gets: the one read the source names, every page up to the bound with
// the same arguments and NextToken, lists merged across pages, and a cut read that hands back its token.
import type { CallContext } from '@obmcp/contract';
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import {
  FINANCIAL_EVENT_OPERATIONS,
  type FinancialEventSends,
  readFinancialEvents,
} from '../../src/tools/financial-events.js';

const call = {} as CallContext;
type Page = { FinancialEvents?: unknown; NextToken?: unknown };

/** The three reads answering `pages` in turn (each a v0 payload); records [read, args] per request. */
function finances(pages: Page[]) {
  const sent: Array<[string, Record<string, unknown>]> = [];
  let n = 0;
  const read = (name: string) => async (args: Record<string, unknown>) => {
    sent.push([name, args]);
    return { body: { payload: pages[n++] ?? {} } };
  };
  const send = {
    byRange: read('byRange'),
    byGroup: read('byGroup'),
    byOrder: read('byOrder'),
  } as unknown as FinancialEventSends;
  return { send, sent };
}

async function refusal(run: Promise<unknown>) {
  const e = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(DomainValidationError);
  const { code, summary, details, hints } = e as DomainValidationError;
  expect(code).toBe('INPUT_VALIDATION_FAILED');
  expect(hints).toEqual([
    'Give one of orderId, eventGroupId or postedAfter (optionally postedBefore). See schema.',
  ]);
  return { summary, details };
}

describe('readFinancialEvents', () => {
  it('names the three Finances v0 operations', () => {
    expect(FINANCIAL_EVENT_OPERATIONS).toEqual({
      byRange: ['financesV0', 'listFinancialEvents'],
      byGroup: ['financesV0', 'listFinancialEventsByGroupId'],
      byOrder: ['financesV0', 'listFinancialEventsByOrderId'],
    });
  });

  it('an order: its read, one page when no NextToken comes', async () => {
    const { send, sent } = finances([
      { FinancialEvents: { ShipmentEventList: [{ a: 1 }], RefundEventList: [] } },
    ]);
    expect(
      await readFinancialEvents(send, { orderId: '902-1' }, { maxPages: 5, pageSize: 100 }, call),
    ).toEqual({
      lists: { ShipmentEventList: [{ a: 1 }] },
      pagesRead: 1,
      truncated: false,
    });
    expect(sent).toEqual([['byOrder', { orderId: '902-1', MaxResultsPerPage: 100 }]]);
  });

  it('a date range: every page with the same arguments and the NextToken, lists merged in order', async () => {
    const { send, sent } = finances([
      { FinancialEvents: { ShipmentEventList: [{ p: 1 }] }, NextToken: 't2' },
      {
        FinancialEvents: { ShipmentEventList: [{ p: 2 }], ServiceFeeEventList: [{ f: 1 }], Odd: 'x' },
        NextToken: 't3',
      },
      { FinancialEvents: { ShipmentEventList: [{ p: 3 }] }, NextToken: '' },
    ]);
    const source = { postedAfter: '2026-03-01T00:00:00Z', postedBefore: '2026-03-02T00:00:00Z' };
    expect(await readFinancialEvents(send, source, { maxPages: 5, pageSize: 50 }, call)).toEqual({
      lists: { ShipmentEventList: [{ p: 1 }, { p: 2 }, { p: 3 }], ServiceFeeEventList: [{ f: 1 }] },
      pagesRead: 3,
      truncated: false,
    });
    const args = {
      MaxResultsPerPage: 50,
      PostedAfter: source.postedAfter,
      PostedBefore: source.postedBefore,
    };
    expect(sent).toEqual([
      ['byRange', args],
      ['byRange', { ...args, NextToken: 't2' }],
      ['byRange', { ...args, NextToken: 't3' }],
    ]);
  });

  it('an event group, continued from a token: the group read with its range and that token', async () => {
    const { send, sent } = finances([{ FinancialEvents: {} }]);
    await readFinancialEvents(
      send,
      { eventGroupId: 'g1', postedAfter: undefined },
      { maxPages: 2, pageSize: 10, nextToken: 'tok' },
      call,
    );
    expect(sent).toEqual([['byGroup', { eventGroupId: 'g1', MaxResultsPerPage: 10, NextToken: 'tok' }]]);
  });

  it('at the page bound with more to read: truncated, with the token that continues', async () => {
    const { send, sent } = finances([
      { FinancialEvents: { ShipmentEventList: [{ p: 1 }] }, NextToken: 't2' },
      { FinancialEvents: { ShipmentEventList: [{ p: 2 }] }, NextToken: 't3' },
    ]);
    expect(
      await readFinancialEvents(
        send,
        { postedAfter: '2026-03-01T00:00:00Z' },
        { maxPages: 2, pageSize: 100 },
        call,
      ),
    ).toEqual({
      lists: { ShipmentEventList: [{ p: 1 }, { p: 2 }] },
      pagesRead: 2,
      truncated: true,
      nextToken: 't3',
    });
    expect(sent).toHaveLength(2);
  });

  it('a NextToken that is not a string ends the read', async () => {
    const { send, sent } = finances([
      { FinancialEvents: { ShipmentEventList: [{ p: 1 }] }, NextToken: 5 },
      {},
    ]);
    expect(
      await readFinancialEvents(send, { orderId: 'o' }, { maxPages: 3, pageSize: 100 }, call),
    ).toMatchObject({
      pagesRead: 1,
      truncated: false,
    });
    expect(sent).toHaveLength(1);
  });

  it('no source, or more than one: refused before anything is sent, naming them', async () => {
    const { send, sent } = finances([]);
    const paging = { maxPages: 1, pageSize: 1 };
    expect(await refusal(readFinancialEvents(send, {}, paging, call))).toEqual({
      summary: 'Provide orderId, eventGroupId or postedAfter.',
      details: ['orderId', 'eventGroupId', 'postedAfter'].map((path) => ({
        path,
        issue: 'exactly one of these is required',
        received_type: 'string',
      })),
    });
    expect(
      await refusal(
        readFinancialEvents(send, { orderId: 'o', postedAfter: '2026-03-01T00:00:00Z' }, paging, call),
      ),
    ).toEqual({
      summary: 'Provide only one of orderId, postedAfter.',
      details: [
        { path: 'orderId', issue: 'exactly one of these is required', received_type: 'string' },
        { path: 'postedAfter', issue: 'exactly one of these is required', received_type: 'string' },
      ],
    });
    expect(sent).toEqual([]);
  });

  it('postedBefore with an order, or not after postedAfter, is refused', async () => {
    const { send, sent } = finances([]);
    const paging = { maxPages: 1, pageSize: 1 };
    expect(
      await refusal(
        readFinancialEvents(send, { orderId: 'o', postedBefore: '2026-03-01T00:00:00Z' }, paging, call),
      ),
    ).toEqual({
      summary: 'postedBefore cannot be combined with orderId.',
      details: [{ path: 'postedBefore', issue: 'not allowed with orderId', received_type: 'string' }],
    });
    const same = '2026-03-01T00:00:00Z';
    expect(
      await refusal(readFinancialEvents(send, { postedAfter: same, postedBefore: same }, paging, call)),
    ).toEqual({
      summary: 'postedBefore must be later than postedAfter.',
      details: [{ path: 'postedBefore', issue: 'not after postedAfter', received_type: 'string' }],
    });
    expect(sent).toEqual([]);
    // A group with an end date is sent with it.
    await readFinancialEvents(
      send,
      { eventGroupId: 'g', postedBefore: '2026-03-02T00:00:00Z' },
      paging,
      call,
    );
    expect(sent).toEqual([
      ['byGroup', { eventGroupId: 'g', MaxResultsPerPage: 1, PostedBefore: '2026-03-02T00:00:00Z' }],
    ]);
  });
});

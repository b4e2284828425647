// What the conversation is told the user sees (ui/update-model-context): the view, its call, dates, table and selection.
import { describe, expect, it } from 'vitest';
import { modelContext, type SeenState } from '../src/shared/model-context.js';
import type { ViewModel } from '../src/shared/view-model.js';

const model = (rows: number): ViewModel => ({
  title: 'Orders',
  facts: [],
  columns: [],
  rows: Array.from({ length: rows }, () => ({})),
  emptyText: '',
});

const seen = (over: Partial<SeenState> = {}): SeenState => ({
  view: 'orders',
  model: undefined,
  input: { tool: undefined, arguments: {} },
  table: undefined,
  selected: undefined,
  state: 'loading',
  ...over,
});

describe('modelContext', () => {
  it('before any result: the view by its name and its state, nothing else', () => {
    expect(modelContext(seen())).toEqual({
      content: [{ type: 'text', text: 'The user is looking at the "orders" view (loading).' }],
      structuredContent: { view: 'orders', state: 'loading', tool: null, arguments: {} },
    });
  });

  it('the call and every date the user picked, by its argument name; other arguments are not dates', () => {
    const args = {
      startDate: '2026-05-01',
      endDate: '2026-05-08',
      createdAfter: '2026-01-01T00:00:00Z',
      createdBefore: '2026-02-01T00:00:00Z',
      timeWindowStart: '2026-03-01',
      timeWindowEnd: '2026-03-02',
      marketplace: 'US',
      pageSize: 20,
    };
    const ctx = modelContext(
      seen({ model: model(2), input: { tool: 'get_orders', arguments: args }, state: 'ready' }),
    );
    expect(ctx.structuredContent).toEqual({
      view: 'orders',
      state: 'ready',
      tool: 'get_orders',
      arguments: args,
      dateRange: {
        startDate: '2026-05-01',
        endDate: '2026-05-08',
        createdAfter: '2026-01-01T00:00:00Z',
        createdBefore: '2026-02-01T00:00:00Z',
        timeWindowStart: '2026-03-01',
        timeWindowEnd: '2026-03-02',
      },
    });
    expect(ctx.content[0]?.text).toBe(
      `The user is looking at the "Orders" view (ready). It shows get_orders with ${JSON.stringify(args)}. ` +
        'Date range: startDate 2026-05-01, endDate 2026-05-08, createdAfter 2026-01-01T00:00:00Z, ' +
        'createdBefore 2026-02-01T00:00:00Z, timeWindowStart 2026-03-01, timeWindowEnd 2026-03-02.',
    );
  });

  it('a date argument that is not text is no date range', () => {
    const ctx = modelContext(seen({ input: { tool: 't', arguments: { startDate: 20260501 } } }));
    expect(ctx.structuredContent).not.toHaveProperty('dateRange');
    expect(ctx.content[0]?.text).not.toContain('Date range');
  });

  it('the table as shown: page numbers from 1, the rows in view of all of them', () => {
    const ctx = modelContext(
      seen({
        model: model(120),
        table: { filter: '', sort: undefined, page: 1, pages: 3, visibleRows: 120 },
        state: 'ready',
      }),
    );
    expect(ctx.structuredContent.table).toEqual({
      filter: '',
      sort: null,
      page: 2,
      pages: 3,
      visibleRows: 120,
      totalRows: 120,
    });
    expect(ctx.content[0]?.text).toBe('The user is looking at the "Orders" view (ready). Page 2 of 3.');
  });

  it('one page, no filter, no sort: nothing about the table in words', () => {
    const ctx = modelContext(
      seen({ model: model(3), table: { filter: '', sort: undefined, page: 0, pages: 1, visibleRows: 3 } }),
    );
    expect(ctx.content[0]?.text).toBe('The user is looking at the "Orders" view (loading).');
  });

  it('filter and sort in words; the selected row as JSON', () => {
    const ctx = modelContext(
      seen({
        model: model(10),
        table: {
          filter: 'FBA',
          sort: { key: 'total', direction: 'ascending' },
          page: 0,
          pages: 1,
          visibleRows: 4,
        },
        selected: { orderId: '111-2' },
        state: 'ready',
      }),
    );
    expect(ctx.content[0]?.text).toBe(
      'The user is looking at the "Orders" view (ready). Filtered by "FBA": 4 of 10 rows. ' +
        'Sorted by total, ascending. Selected row: {"orderId":"111-2"}.',
    );
    expect(ctx.structuredContent.selected).toEqual({ orderId: '111-2' });
  });

  it('a table without a model counts no rows', () => {
    const ctx = modelContext(
      seen({ table: { filter: 'x', sort: undefined, page: 0, pages: 1, visibleRows: 0 } }),
    );
    expect(ctx.structuredContent.table).toMatchObject({ totalRows: 0 });
    expect(ctx.content[0]?.text).toContain('Filtered by "x": 0 of 0 rows.');
  });
});

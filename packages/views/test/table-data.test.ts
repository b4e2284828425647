// The table's data as a user meets it: columns inferred from any rows, sort/filter/page, CSV, names for codes.
import { describe, expect, it } from 'vitest';
import { inferColumns, measureColumns, numericText, rowsOf, withNumbers } from '../src/shared/columns.js';
import { csvFileName, toCsv } from '../src/shared/csv.js';
import { channelName, feeName, marketplaceName, sellerCentralOrderUrl } from '../src/shared/names.js';
import { rowSet } from '../src/shared/row-set.js';
import { filterRows, pageOf, sortRows } from '../src/shared/rows.js';
import type { Column, Row } from '../src/shared/view-model.js';

describe('columns of any rows', () => {
  it('rowsOf: each item as a row of cells; a non-object item is an empty row', () => {
    expect(rowsOf([{ a: 1, b: 'x', c: { d: true }, e: null }, 'junk'])).toEqual([
      { a: 1, b: 'x', c: '{"d":true}', e: null },
      {},
    ]);
  });

  it('declared columns first, in their order, then keys as first seen', () => {
    const rows: Row[] = [{ b: 1, a: 2 }, { c: 'x' }];
    expect(inferColumns(rows, ['a']).map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(inferColumns(rows).map((c) => c.key)).toEqual(['b', 'a', 'c']);
  });

  it('keys past the first 200 rows are not looked for', () => {
    const rows: Row[] = Array.from({ length: 201 }, (_v, i): Row => (i === 200 ? { late: 1 } : { a: i }));
    expect(inferColumns(rows).map((c) => c.key)).toEqual(['a']);
    rows[199] = { a: 1, early: 2 };
    expect(inferColumns(rows).map((c) => c.key)).toEqual(['a', 'early']);
  });

  it('a column is a number when every present value is one (numeric text included); ids stay text', () => {
    const rows: Row[] = [
      { clicks: 5, spend: '12.50', zip: '01234', name: 'A', campaign_id: 7, campaignId: 8, id: 9, note: '' },
      { clicks: null, spend: '3', zip: '99999', name: '2', campaign_id: 7, campaignId: 8, id: 9, note: '' },
    ];
    expect(inferColumns(rows)).toEqual([
      { key: 'clicks', label: 'clicks', kind: 'number' },
      { key: 'spend', label: 'spend', kind: 'number' },
      { key: 'zip', label: 'zip', kind: 'text' },
      { key: 'name', label: 'name', kind: 'text' },
      { key: 'campaign_id', label: 'campaign_id', kind: 'text' },
      { key: 'campaignId', label: 'campaignId', kind: 'text' },
      { key: 'id', label: 'id', kind: 'text' },
      { key: 'note', label: 'note', kind: 'text' },
    ]);
  });

  it('text after numbers makes the column text; a key like "valid" or "paid" is no id', () => {
    expect(inferColumns([{ n: 1 }, { n: 'many' }, { n: 2 }])[0]?.kind).toBe('text');
    expect(inferColumns([{ valid: 1, paid: 2, idle: 3 }]).map((c) => c.kind)).toEqual([
      'number',
      'number',
      'number',
    ]);
  });

  it('numericText: only the canonical form of a number', () => {
    expect(numericText('50')).toBe(50);
    expect(numericText('-1.5')).toBe(-1.5);
    expect(numericText('0')).toBe(0);
    expect(numericText('0.25')).toBe(0.25);
    for (const t of ['007', '1e3', '1.', '.5', '+1', ' 1', '1 ', '', '-', '1,000', 'x1', '1x'])
      expect(numericText(t)).toBeNull();
    expect(numericText(`1${'0'.repeat(400)}`)).toBeNull();
  });

  it('withNumbers: numeric columns hold numbers, the rest stays as written, the input untouched', () => {
    const rows: Row[] = [{ qty: '5', sku: '007', empty: '' }];
    const columns: Column[] = [
      { key: 'qty', label: 'qty', kind: 'number' },
      { key: 'sku', label: 'sku', kind: 'text' },
      { key: 'empty', label: 'empty', kind: 'number' },
    ];
    expect(withNumbers(rows, columns)).toEqual([{ qty: 5, sku: '007', empty: null }]);
    expect(rows[0]).toEqual({ qty: '5', sku: '007', empty: '' });
    const text = withNumbers(rows, [columns[1] as Column]);
    expect(text).toEqual(rows);
    expect(text).not.toBe(rows);
  });

  it('measures: numeric columns that are not ids', () => {
    expect(
      measureColumns([
        { key: 'id', label: 'id', kind: 'number' },
        { key: 'clicks', label: 'clicks', kind: 'number' },
        { key: 'name', label: 'name', kind: 'text' },
      ]).map((c) => c.key),
    ).toEqual(['clicks']);
  });
});

describe('rowSet: a query result as a table and a bar chart', () => {
  it('bars for up to four measures, labelled by the name column', () => {
    const set = rowSet(
      [{ campaign_id: '11', campaign: 'Spring', a: '1', b: 2, c: 3, d: 4, e: 5 }],
      undefined,
    );
    expect(set.rows).toEqual([{ campaign_id: '11', campaign: 'Spring', a: 1, b: 2, c: 3, d: 4, e: 5 }]);
    expect(set.chart).toEqual({
      kind: 'bar',
      title: 'a, b, c, d by campaign',
      x: 'campaign',
      xTitle: 'campaign',
      series: ['a', 'b', 'c', 'd'].map((k) => ({ key: k, label: k })),
    });
  });

  it('no name column: bars labelled by the first column that is not a measure (an id)', () => {
    expect(rowSet([{ clicks: 3, campaign_id: '5' }], undefined).chart).toMatchObject({
      x: 'campaign_id',
      title: 'clicks by campaign_id',
    });
  });

  it('only measures: labelled by the first of them', () => {
    expect(rowSet([{ clicks: 3, spend: 4 }], ['spend', 'clicks']).chart).toMatchObject({
      x: 'spend',
      series: [
        { key: 'spend', label: 'spend' },
        { key: 'clicks', label: 'clicks' },
      ],
    });
  });

  it('the declared column order; non-text names in it are ignored; no measure, no chart', () => {
    const set = rowSet([{ b: 'x', a: 'y' }], ['a', 5, 'b']);
    expect(set.columns.map((c) => c.key)).toEqual(['a', 'b']);
    expect(set).not.toHaveProperty('chart');
    expect(rowSet('not rows', 'nor columns')).toEqual({ columns: [], rows: [] });
    expect(rowSet([{ a: 1 }], [5]).columns.map((c) => c.key)).toEqual(['a']);
  });
});

describe('sort, filter, page', () => {
  const rows: Row[] = [
    { name: 'item 10', qty: 3 },
    { name: 'Item 9', qty: null },
    { name: 'item 2', qty: 20 },
    { name: 'ITEM 1' },
  ];
  const names = (r: Row[]) => r.map((x) => x.name);

  it('no sort: the rows as they came (a copy)', () => {
    const out = sortRows(rows, undefined);
    expect(out).toEqual(rows);
    expect(out).not.toBe(rows);
  });

  it('numbers ascending and descending; missing values last both ways', () => {
    expect(names(sortRows(rows, { key: 'qty', direction: 'ascending' }))).toEqual([
      'item 10',
      'item 2',
      'Item 9',
      'ITEM 1',
    ]);
    expect(names(sortRows(rows, { key: 'qty', direction: 'descending' }))).toEqual([
      'item 2',
      'item 10',
      'Item 9',
      'ITEM 1',
    ]);
  });

  it('decimals and negative numbers sort by value, not as text', () => {
    const values = [1.5, -2, 1.25, 10, 0.5].map((v) => ({ v }));
    expect(sortRows(values, { key: 'v', direction: 'ascending' }).map((r) => r.v)).toEqual([
      -2, 0.5, 1.25, 1.5, 10,
    ]);
    expect(sortRows(values, { key: 'v', direction: 'descending' }).map((r) => r.v)).toEqual([
      10, 1.5, 1.25, 0.5, -2,
    ]);
  });

  it('equal values keep their order, both ways', () => {
    const same = [
      { n: 'a', v: 1, t: 'x' },
      { n: 'b', v: 1, t: 'X' },
      { n: 'c', v: 1, t: 'x' },
    ];
    for (const direction of ['ascending', 'descending'] as const) {
      expect(sortRows(same, { key: 'v', direction }).map((r) => r.n)).toEqual(['a', 'b', 'c']);
      expect(sortRows(same, { key: 't', direction }).map((r) => r.n)).toEqual(['a', 'b', 'c']);
    }
  });

  it('text by a numeric-aware, case-blind collation, both ways', () => {
    expect(names(sortRows(rows, { key: 'name', direction: 'ascending' }))).toEqual([
      'ITEM 1',
      'item 2',
      'Item 9',
      'item 10',
    ]);
    expect(names(sortRows(rows, { key: 'name', direction: 'descending' }))).toEqual([
      'item 10',
      'Item 9',
      'item 2',
      'ITEM 1',
    ]);
  });

  it('the filter: every word, anywhere in the shown columns, case-blind; a blank query keeps all', () => {
    const columns: Column[] = [{ key: 'name', label: 'Name', kind: 'text' }];
    expect(names(filterRows(rows, columns, 'ITEM 1'))).toEqual(['item 10', 'ITEM 1']);
    expect(names(filterRows(rows, columns, '  9  item '))).toEqual(['Item 9']);
    expect(filterRows(rows, columns, 'qty')).toEqual([]);
    expect(filterRows(rows, [], 'item')).toEqual([]);
    const all = filterRows(rows, columns, '');
    expect(all).toEqual(rows);
    expect(all).not.toBe(rows);
    // A missing value is no text: "null" or "undefined" match nothing.
    expect(filterRows(rows, [{ key: 'qty', label: 'Qty', kind: 'number' }], 'null')).toEqual([]);
    expect(filterRows(rows, [{ key: 'qty', label: 'Qty', kind: 'number' }], 'undefined')).toEqual([]);
    expect(names(filterRows(rows, [{ key: 'qty', label: 'Qty', kind: 'number' }], '20'))).toEqual(['item 2']);
    expect(filterRows(rows, [{ key: 'qty', label: 'Qty', kind: 'number' }], 'stryker')).toEqual([]);
    // Each column's text stands alone: a word does not run from one column into the next.
    const two: Column[] = [columns[0] as Column, { key: 'qty', label: 'Qty', kind: 'number' }];
    expect(filterRows(rows, two, 'item 10 3')).toHaveLength(1);
    expect(filterRows(rows, two, '103')).toEqual([]);
  });

  it('pages: the page asked for, clamped to the first and last; an empty table has one page', () => {
    const items = Array.from({ length: 120 }, (_v, i) => i);
    expect(pageOf(items, 0, 50)).toEqual({ rows: items.slice(0, 50), page: 0, pages: 3 });
    expect(pageOf(items, 2, 50)).toEqual({ rows: items.slice(100), page: 2, pages: 3 });
    expect(pageOf(items, -4, 50).page).toBe(0);
    expect(pageOf(items, 9, 50).rows).toEqual(items.slice(100));
    expect(pageOf(items.slice(0, 100), 1, 50)).toEqual({ rows: items.slice(50, 100), page: 1, pages: 2 });
    expect(pageOf([], 3, 50)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});

describe('CSV for the download', () => {
  const columns: Column[] = [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'spend', label: 'Spend', kind: 'money' },
  ];

  it('a money column without a currency has a plain header; missing cells are empty', () => {
    expect(toCsv(columns, [{ name: 'a' }])).toBe('Name,Spend\r\na,\r\n');
  });

  it('every formula lead is defused: = + - @ tab and carriage return', () => {
    const csv = toCsv(
      [columns[0] as Column],
      ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', 'safe-text', 'a=b'].map((name) => ({ name })),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      "'=1+1",
      "'+cmd",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      // A carriage return also needs quotes.
      '"\'\rx"',
      'safe-text',
      'a=b',
    ]);
  });

  it('quotes: a field with a comma, quote, CR or LF, and only those', () => {
    const out = (name: string) => toCsv([columns[0] as Column], [{ name }]).split('\r\n')[1];
    expect(out('a,b')).toBe('"a,b"');
    expect(out('say "x"')).toBe('"say ""x"""');
    expect(out('a\nb')).toBe('"a\nb"');
    expect(out('plain text; ok')).toBe('plain text; ok');
    expect(toCsv([columns[0] as Column], [{ name: 'a\rb' }])).toBe('Name\r\n"a\rb"\r\n');
    expect(toCsv([{ key: 'n', label: 'Spend, net', kind: 'text' }], [])).toBe('"Spend, net"\r\n');
  });

  it('the file name is the UTC day of the download', () => {
    expect(csvFileName('fees', new Date('2026-03-05T23:59:59-05:00'))).toBe('fees-2026-03-06.csv');
    expect(csvFileName('fees')).toMatch(/^fees-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('names for codes', () => {
  it('channels and marketplaces by name; unknown ones and null as given', () => {
    expect(channelName(null)).toBeNull();
    expect(channelName('')).toBe('');
    expect(channelName('DEFAULT')).toBe('DEFAULT');
    expect(marketplaceName(null)).toBeNull();
    expect(marketplaceName('A1PA6795UKMFR9')).toBe('Amazon.de (DE)');
  });

  it('fee types: known names, others split at their capitals', () => {
    expect(feeName('FBAPerUnitFulfillmentFee')).toBe('FBA fulfilment fee');
    expect(feeName('ShippingHB')).toBe('Shipping HB');
    expect(feeName('GiftwrapChargeback')).toBe('Giftwrap Chargeback');
    expect(feeName('lowercase')).toBe('lowercase');
  });

  it('an order id is encoded into its Seller Central address', () => {
    expect(sellerCentralOrderUrl('a/b?c', 'ATVPDKIKX0DER')).toBe(
      'https://sellercentral.amazon.com/orders-v3/order/a%2Fb%3Fc',
    );
  });
});

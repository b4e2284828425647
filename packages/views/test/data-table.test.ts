// @vitest-environment happy-dom
// The table as a user works it: sort by a header, filter, page through 50 rows at a time, totals, links, CSV.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, renderTable, type TableState } from '../src/shared/data-table.js';
import { setLocale } from '../src/shared/format.js';
import type { Column, Row, ViewModel } from '../src/shared/view-model.js';

beforeEach(() => setLocale('en-US'));
afterEach(() => {
  setLocale(undefined);
  document.body.replaceChildren();
});

const columns: Column[] = [
  { key: 'name', label: 'Campaign', kind: 'text', priority: 'key' },
  { key: 'spend', label: 'Spend', kind: 'money', currency: 'USD', priority: 'key' },
  { key: 'clicks', label: 'Clicks', kind: 'number', priority: 'low' },
];

const model = (rows: Row[], over: Partial<ViewModel> = {}): ViewModel => ({
  title: 'Campaigns',
  facts: [],
  columns,
  rows,
  emptyText: '',
  ...over,
});

const many = (n: number): Row[] =>
  Array.from({ length: n }, (_v, i) => ({ name: `Campaign ${i + 1}`, spend: i + 1, clicks: 0 }));

function shown(el: HTMLElement): HTMLElement {
  document.body.replaceChildren(el);
  return el;
}
const q = <T extends Element = HTMLElement>(el: HTMLElement, sel: string) => el.querySelector(sel) as T;
const cells = (el: HTMLElement, col = 0) =>
  [...el.querySelectorAll('tbody tr')].map((tr) => tr.children[col]?.textContent);
const header = (el: HTMLElement, key: string) => q(el, `th[data-key=${key}]`);
const click = (el: Element | null) => (el as HTMLElement | null)?.click();
function type(el: HTMLElement, text: string) {
  const input = q<HTMLInputElement>(el, 'input.filter');
  input.value = text;
  input.dispatchEvent(new Event('input'));
}

describe('renderTable', () => {
  it('headers, formatted cells, a status with the row count, no pager for one page', () => {
    const el = shown(
      renderTable(
        model([
          { name: 'Spring', spend: 1234.5, clicks: 3 },
          { name: 'Summer', spend: null },
        ]),
      ),
    );
    expect([...el.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Campaign',
      'Spend',
      'Clicks',
    ]);
    expect([...el.querySelectorAll('thead th')].map((th) => th.getAttribute('scope'))).toEqual([
      'col',
      'col',
      'col',
    ]);
    expect(
      [...el.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
    ).toEqual([
      ['Spring', '$1,234.50', '3'],
      ['Summer', '—', '—'],
    ]);
    expect(q(el, '.table-status').textContent).toBe('2 rows');
    expect(q(el, '.table-status').getAttribute('role')).toBe('status');
    expect(q(el, '.table-status').getAttribute('aria-live')).toBe('polite');
    expect(q<HTMLElement>(el, 'nav.pager').hidden).toBe(true);
    expect(q(el, 'nav.pager').getAttribute('aria-label')).toBe('Table pages');
    expect(q(el, 'caption').textContent).toBe('Campaigns. Select a column header to sort.');
    expect(el.getAttribute('aria-label')).toBe('Campaigns: table');
    expect(el.className).toBe('table-block');
    // Numbers align right; low-priority columns can be hidden at narrow widths.
    expect([...el.querySelectorAll('tbody tr:first-child td')].map((td) => td.getAttribute('class'))).toEqual(
      [null, 'num', 'num low'],
    );
    expect(q(el, 'th[data-key=clicks]').getAttribute('class')).toBe('num low');
    expect(q(el, 'tfoot')).toBeNull();
    expect(q(el, '[data-role=download-csv]')).toBeNull();
    const filter = q<HTMLInputElement>(el, 'input.filter');
    expect([filter.type, filter.getAttribute('aria-label'), filter.placeholder]).toEqual([
      'search',
      'Filter rows',
      'Filter…',
    ]);
  });

  it('every kind that is a number aligns right', () => {
    const kinds: Column[] = (['number', 'money', 'percent', 'ratio', 'date', 'text'] as const).map(
      (kind) => ({
        key: kind,
        label: kind,
        kind,
      }),
    );
    const el = shown(
      renderTable(
        model([{ number: 1, money: 1, percent: 1, ratio: 1, date: 'x', text: 'y' }], { columns: kinds }),
      ),
    );
    expect([...el.querySelectorAll('tbody td')].map((td) => td.getAttribute('class'))).toEqual([
      'num',
      'num',
      'num',
      'num',
      null,
      null,
    ]);
  });

  it('a numeric column sorts largest first, then smallest first; a text column A to Z, then Z to A', () => {
    const states: TableState[] = [];
    const el = shown(
      renderTable(
        model([
          { name: 'b', spend: 2 },
          { name: 'c', spend: 3 },
          { name: 'a', spend: 1 },
        ]),
        (s) => states.push(s),
      ),
    );
    expect(states.at(-1)).toEqual({ sort: undefined, filter: '', page: 0, pages: 1, visibleRows: 3 });
    click(q(header(el, 'spend'), 'button'));
    expect(cells(el)).toEqual(['c', 'b', 'a']);
    expect(header(el, 'spend').getAttribute('aria-sort')).toBe('descending');
    click(q(header(el, 'spend'), 'button'));
    expect(cells(el)).toEqual(['a', 'b', 'c']);
    expect(header(el, 'spend').getAttribute('aria-sort')).toBe('ascending');
    click(q(header(el, 'spend'), 'button'));
    expect(header(el, 'spend').getAttribute('aria-sort')).toBe('descending');
    click(q(header(el, 'name'), 'button'));
    expect(cells(el)).toEqual(['a', 'b', 'c']);
    expect(header(el, 'name').getAttribute('aria-sort')).toBe('ascending');
    expect(header(el, 'spend').hasAttribute('aria-sort')).toBe(false);
    click(q(header(el, 'name'), 'button'));
    expect(cells(el)).toEqual(['c', 'b', 'a']);
    expect(states.at(-1)?.sort).toEqual({ key: 'name', direction: 'descending' });
  });

  it('an initial sort and filter (kept across a redraw) apply at once', () => {
    const el = shown(
      renderTable(model(many(5)), undefined, {
        sort: { key: 'spend', direction: 'ascending' },
        filter: 'Campaign 4',
      }),
    );
    expect(cells(el)).toEqual(['Campaign 4']);
    expect(q<HTMLInputElement>(el, 'input.filter').value).toBe('Campaign 4');
    expect(header(el, 'spend').getAttribute('aria-sort')).toBe('ascending');
    expect(q(el, '.table-status').textContent).toBe('1 of 5 rows match');
  });

  it('the filter narrows the rows, says how many match, and goes back to the first page', () => {
    const states: TableState[] = [];
    const el = shown(renderTable(model(many(120)), (s) => states.push(s)));
    click(q(el, 'button.next'));
    expect(q(el, '.page-label').textContent).toBe('Page 2 of 3');
    type(el, 'campaign');
    expect(q(el, '.page-label').textContent).toBe('Page 1 of 3');
    click(q(el, 'button.next'));
    type(el, 'campaign 1');
    // Campaign 1, 10–19, 21, 31 … 91, 100–120.
    expect(q(el, '.table-status').textContent).toBe('40 of 120 rows match');
    expect(q(el, '.page-label').textContent).toBe('Page 1 of 1');
    expect(q<HTMLElement>(el, 'nav.pager').hidden).toBe(true);
    expect(states.at(-1)).toEqual({
      sort: undefined,
      filter: 'campaign 1',
      page: 0,
      pages: 1,
      visibleRows: 40,
    });
    type(el, '');
    expect(q(el, '.table-status').textContent).toBe('120 rows');
  });

  it('pages of 50: previous and next, each disabled at its end', () => {
    const el = shown(renderTable(model(many(120))));
    expect(PAGE_SIZE).toBe(50);
    const prev = q<HTMLButtonElement>(el, 'button.prev');
    const next = q<HTMLButtonElement>(el, 'button.next');
    expect([prev.textContent, next.textContent]).toEqual(['‹ Previous', 'Next ›']);
    expect(el.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(q(el, '.page-label').textContent).toBe('Page 1 of 3');
    expect(q<HTMLElement>(el, 'nav.pager').hidden).toBe(false);
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
    next.click();
    expect(cells(el)[0]).toBe('Campaign 51');
    expect([prev.disabled, next.disabled]).toEqual([false, false]);
    next.click();
    expect(cells(el)).toHaveLength(20);
    expect(q(el, '.page-label').textContent).toBe('Page 3 of 3');
    expect([prev.disabled, next.disabled]).toEqual([false, true]);
    prev.click();
    expect(q(el, '.page-label').textContent).toBe('Page 2 of 3');
    // A new sort starts at the first page again.
    click(q(header(el, 'name'), 'button'));
    expect(q(el, '.page-label').textContent).toBe('Page 1 of 3');
  });

  it('a click past the last page stays on it', () => {
    const el = shown(renderTable(model(many(60))));
    const next = q<HTMLButtonElement>(el, 'button.next');
    next.click();
    next.click();
    expect(q(el, '.page-label').textContent).toBe('Page 2 of 2');
    q<HTMLButtonElement>(el, 'button.prev').click();
    expect(q(el, '.page-label').textContent).toBe('Page 1 of 2');
  });

  it('flagged rows carry their class', () => {
    const el = shown(
      renderTable(
        model(many(3), { flag: (r) => (r.spend === 1 ? 'bad' : r.spend === 2 ? 'warn' : undefined) }),
      ),
    );
    expect([...el.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('class'))).toEqual([
      'bad',
      'warn',
      null,
    ]);
    expect([...el.querySelectorAll('tbody tr')].every((tr) => tr.getAttribute('data-role') === 'row')).toBe(
      true,
    );
  });

  it('a totals row: "Total" where the first column has none, formatted sums, empty where none', () => {
    const el = shown(renderTable(model(many(2), { totals: { spend: 3 } })));
    const row = q(el, 'tfoot tr[data-role=totals]');
    expect([...row.children].map((c) => [c.tagName, c.textContent])).toEqual([
      ['TH', 'Total'],
      ['TD', '$3.00'],
      ['TD', ''],
    ]);
    expect(row.children[0]?.getAttribute('scope')).toBe('row');
    expect(row.children[1]?.hasAttribute('scope')).toBe(false);
    expect(row.children[1]?.getAttribute('class')).toBe('num');
    const named = shown(renderTable(model(many(2), { totals: { name: 'Page total (2)', clicks: 0 } })));
    expect([...named.querySelectorAll('tfoot th, tfoot td')].map((c) => c.textContent)).toEqual([
      'Page total (2)',
      '',
      '0',
    ]);
  });

  it('low-priority columns wait behind a toggle that says what it does', () => {
    const el = shown(renderTable(model(many(1))));
    const more = q<HTMLButtonElement>(el, '[data-role=all-columns]');
    expect(more.textContent).toBe('Show all 3 columns');
    expect(more.getAttribute('aria-pressed')).toBe('false');
    more.click();
    expect(el.classList.contains('show-all')).toBe(true);
    expect(more.getAttribute('aria-pressed')).toBe('true');
    expect(more.textContent).toBe('Key columns only');
    more.click();
    expect(el.classList.contains('show-all')).toBe(false);
    expect(more.getAttribute('aria-pressed')).toBe('false');
    expect(more.textContent).toBe('Show all 3 columns');
    const keyOnly = shown(renderTable(model(many(1), { columns: columns.slice(0, 2) })));
    expect(keyOnly.querySelector('[data-role=all-columns]')).toBeNull();
  });

  it('the rows a user sees, every page of them, download as CSV', () => {
    const saved: string[] = [];
    const el = shown(
      renderTable(model(many(60)), undefined, undefined, undefined, { download: (csv) => saved.push(csv) }),
    );
    const button = q<HTMLButtonElement>(el, '[data-role=download-csv]');
    expect(button.textContent).toBe('Download CSV');
    type(el, 'campaign 5');
    click(q(header(el, 'spend'), 'button'));
    button.click();
    const expected = [59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 45, 35, 25, 15, 5].map(
      (n) => `Campaign ${n},${n},0`,
    );
    expect(saved).toEqual([`Campaign,Spend (USD),Clicks\r\n${expected.join('\r\n')}\r\n`]);
  });

  it('links out: a button that opens the URL through the host, only when the host opens links', () => {
    const linked: Column[] = [
      {
        ...(columns[0] as Column),
        link: (r) => (r.name === 'A' ? 'https://sellercentral.amazon.com/x' : undefined),
      },
    ];
    const opened: string[] = [];
    const el = shown(
      renderTable(
        model([{ name: 'A' }, { name: 'B' }], { columns: linked }),
        undefined,
        undefined,
        undefined,
        {
          openLink: (url) => opened.push(url),
        },
      ),
    );
    const buttons = [...el.querySelectorAll<HTMLButtonElement>('[data-role=open-link]')];
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.textContent).toBe('A');
    expect(buttons[0]?.getAttribute('data-url')).toBe('https://sellercentral.amazon.com/x');
    expect(buttons[0]?.title).toBe('Open https://sellercentral.amazon.com/x');
    expect(buttons[0]?.className).toBe('link');
    buttons[0]?.click();
    expect(opened).toEqual(['https://sellercentral.amazon.com/x']);
    expect(cells(el)).toEqual(['A', 'B']);
    const plain = shown(renderTable(model([{ name: 'A' }], { columns: linked })));
    expect(plain.querySelector('[data-role=open-link]')).toBeNull();
    expect(cells(plain)).toEqual(['A']);
  });

  it('a drill-down button per row that can be opened, and a Details column', () => {
    const opened: Row[] = [];
    const drill = {
      label: 'Items',
      tool: 'get_order_items',
      arguments: (r: Row) => (r.name === 'A' ? { id: 1 } : undefined),
    };
    const el = shown(
      renderTable(
        model([{ name: 'A' }, { name: 'B' }], { drill, totals: { spend: 1 } }),
        undefined,
        undefined,
        (r) => opened.push(r),
      ),
    );
    const buttons = [...el.querySelectorAll<HTMLButtonElement>('[data-role=drill]')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Items']);
    expect([...el.querySelectorAll('tbody tr')].map((tr) => tr.children.length)).toEqual([4, 4]);
    expect(q(el, 'thead tr').lastElementChild?.textContent).toBe('Details');
    expect(q(el, 'tfoot tr').children).toHaveLength(4);
    buttons[0]?.click();
    expect(opened).toEqual([{ name: 'A' }]);
    // Without an opener there is no drill column.
    const closed = shown(renderTable(model([{ name: 'A' }], { drill })));
    expect(closed.querySelector('[data-role=drill]')).toBeNull();
    expect(q(closed, 'thead tr').children).toHaveLength(3);
    const noDrill = shown(
      renderTable(model([{ name: 'A' }], { totals: { spend: 1 } }), undefined, undefined, () => undefined),
    );
    expect(q(noDrill, 'thead tr').children).toHaveLength(3);
    expect(q(noDrill, 'tbody tr').children).toHaveLength(3);
    expect(q(noDrill, 'tfoot tr').children).toHaveLength(3);
  });
});

// The one table every view uses: sortable headers (aria-sort), a filter box, client-side pages of 50 rows; CSV
// download and links out when the host offers them.
import { toCsv } from './csv.js';
import { h } from './dom.js';
import { formatCell } from './format.js';
import { filterRows, pageOf, type SortState, sortRows } from './rows.js';
import type { Column, Row, ViewModel } from './view-model.js';

export const PAGE_SIZE = 50;

const numeric = (c: Column) =>
  c.kind === 'number' || c.kind === 'money' || c.kind === 'percent' || c.kind === 'ratio';
const cellClass = (c: Column) =>
  [numeric(c) ? 'num' : '', c.priority === 'low' ? 'low' : ''].filter(Boolean).join(' ') || undefined;

/** What the user has done to the table (sent to the conversation as model context). */
export interface TableState {
  sort: SortState | undefined;
  filter: string;
  page: number;
  pages: number;
  visibleRows: number;
}

/** What the host lets the table do (each only when the host announced the capability). */
export interface TableHost {
  /** The rows the user sees (filtered and sorted, every page) as CSV, through ui/download-file. */
  download?: (csv: string) => void;
  /** A cell's link out, through ui/open-link. */
  openLink?: (url: string) => void;
}

export function renderTable(
  model: ViewModel,
  onChange?: (state: TableState) => void,
  initial?: { sort?: SortState; filter?: string },
  onOpen?: (row: Row) => void,
  host: TableHost = {},
): HTMLElement {
  let sort: SortState | undefined = initial?.sort;
  let query = initial?.filter ?? '';
  let page = 0;
  const status = h('span', { class: 'table-status', role: 'status', 'aria-live': 'polite' });
  const filter = h('input', {
    type: 'search',
    class: 'filter',
    'aria-label': 'Filter rows',
    placeholder: 'Filter…',
    value: query,
  });
  const tbody = h('tbody');
  const headerCells = model.columns.map((column) => {
    const button = h('button', { type: 'button', class: 'sort' }, column.label);
    const th = h('th', { scope: 'col', class: cellClass(column), 'data-key': column.key }, button);
    button.addEventListener('click', () => {
      sort =
        sort?.key === column.key && sort.direction === 'ascending'
          ? { key: column.key, direction: 'descending' }
          : {
              key: column.key,
              direction:
                sort?.key === column.key ? 'ascending' : numeric(column) ? 'descending' : 'ascending',
            };
      page = 0;
      draw();
    });
    return th;
  });
  const prev = h('button', { type: 'button', class: 'prev' }, '‹ Previous');
  const next = h('button', { type: 'button', class: 'next' }, 'Next ›');
  const pageLabel = h('span', { class: 'page-label' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Table pages' }, prev, pageLabel, next);
  prev.addEventListener('click', () => {
    page -= 1;
    draw();
  });
  next.addEventListener('click', () => {
    page += 1;
    draw();
  });
  filter.addEventListener('input', () => {
    query = filter.value;
    page = 0;
    draw();
  });

  function openCell(row: Row): HTMLElement {
    const drill = model.drill;
    if (!drill || !drill.arguments(row)) return h('td', { class: 'drill-cell' });
    const button = h('button', { type: 'button', class: 'drill', 'data-role': 'drill' }, drill.label);
    button.addEventListener('click', () => onOpen?.(row));
    return h('td', { class: 'drill-cell' }, button);
  }

  /** A cell: its value, as a link out when the column has one and the host opens links. */
  function cell(row: Row, c: Column): HTMLElement {
    const text = formatCell(row[c.key] ?? null, c);
    const url = host.openLink ? c.link?.(row) : undefined;
    if (!url || !host.openLink) return h('td', { class: cellClass(c) }, text);
    const open = host.openLink;
    const button = h(
      'button',
      { type: 'button', class: 'link', 'data-role': 'open-link', 'data-url': url, title: `Open ${url}` },
      text,
    );
    button.addEventListener('click', () => open(url));
    return h('td', { class: cellClass(c) }, button);
  }

  let visible: Row[] = model.rows;
  function draw(): void {
    visible = sortRows(filterRows(model.rows, model.columns, query), sort);
    const shown = pageOf(visible, page, PAGE_SIZE);
    page = shown.page;
    for (const th of headerCells) {
      const key = th.getAttribute('data-key');
      if (sort && key === sort.key) th.setAttribute('aria-sort', sort.direction);
      else th.removeAttribute('aria-sort');
    }
    tbody.replaceChildren(
      ...shown.rows.map((row) =>
        h(
          'tr',
          { 'data-role': 'row', class: model.flag?.(row) },
          ...model.columns.map((c) => cell(row, c)),
          ...(onOpen && model.drill ? [openCell(row)] : []),
        ),
      ),
    );
    status.textContent =
      visible.length === model.rows.length
        ? `${model.rows.length} rows`
        : `${visible.length} of ${model.rows.length} rows match`;
    pageLabel.textContent = `Page ${shown.page + 1} of ${shown.pages}`;
    prev.disabled = shown.page === 0;
    next.disabled = shown.page >= shown.pages - 1;
    pager.hidden = shown.pages <= 1;
    onChange?.({ sort, filter: query, page: shown.page, pages: shown.pages, visibleRows: visible.length });
  }
  draw();
  const totals = model.totals;
  const tfoot = totals
    ? h(
        'tfoot',
        {},
        h(
          'tr',
          { 'data-role': 'totals' },
          ...model.columns.map((c, i) => {
            const v = totals[c.key] ?? null;
            const text = i === 0 && v === null ? 'Total' : v === null ? '' : formatCell(v, c);
            return h(
              i === 0 ? 'th' : 'td',
              { class: cellClass(c), ...(i === 0 ? { scope: 'row' } : {}) },
              text,
            );
          }),
          onOpen && model.drill ? h('td') : null,
        ),
      )
    : null;
  // At a narrow width (a side panel, a phone) the key columns stay; the others wait behind this toggle.
  const lowCount = model.columns.filter((c) => c.priority === 'low').length;
  const block = h('section', { class: 'table-block', 'aria-label': `${model.title}: table` });
  const more = lowCount
    ? h(
        'button',
        { type: 'button', class: 'all-columns', 'data-role': 'all-columns', 'aria-pressed': 'false' },
        `Show all ${model.columns.length} columns`,
      )
    : null;
  more?.addEventListener('click', () => {
    const all = block.classList.toggle('show-all');
    more.setAttribute('aria-pressed', String(all));
    more.textContent = all ? 'Key columns only' : `Show all ${model.columns.length} columns`;
  });
  const download = host.download
    ? h('button', { type: 'button', class: 'download', 'data-role': 'download-csv' }, 'Download CSV')
    : null;
  const save = host.download;
  if (download && save) download.addEventListener('click', () => save(toCsv(model.columns, visible)));
  block.append(
    h('div', { class: 'table-tools' }, filter, status, more, download),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        {},
        h('caption', { class: 'sr-only' }, `${model.title}. Select a column header to sort.`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...headerCells,
            onOpen && model.drill
              ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Details'))
              : null,
          ),
        ),
        tbody,
        tfoot,
      ),
    ),
    pager,
  );
  return block;
}

// The one table every view uses: sortable headers (aria-sort), a filter box, client-side pages of 50 rows.
import { h } from './dom.js';
import { formatCell } from './format.js';
import { filterRows, pageOf, type SortState, sortRows } from './rows.js';
import type { Column, ViewModel } from './view-model.js';

export const PAGE_SIZE = 50;

const numeric = (c: Column) => c.kind === 'number' || c.kind === 'money' || c.kind === 'percent';

export function renderTable(model: ViewModel): HTMLElement {
  let sort: SortState | undefined;
  let query = '';
  let page = 0;
  const status = h('span', { class: 'table-status', role: 'status', 'aria-live': 'polite' });
  const filter = h('input', {
    type: 'search',
    class: 'filter',
    'aria-label': 'Filter rows',
    placeholder: 'Filter…',
  });
  const tbody = h('tbody');
  const headerCells = model.columns.map((column) => {
    const button = h('button', { type: 'button', class: 'sort' }, column.label);
    const th = h(
      'th',
      { scope: 'col', class: numeric(column) ? 'num' : undefined, 'data-key': column.key },
      button,
    );
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

  function draw(): void {
    const visible = sortRows(filterRows(model.rows, model.columns, query), sort);
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
          ...model.columns.map((c) =>
            h('td', { class: numeric(c) ? 'num' : undefined }, formatCell(row[c.key] ?? null, c)),
          ),
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
  }
  draw();
  return h(
    'section',
    { class: 'table-block', 'aria-label': `${model.title}: table` },
    h('div', { class: 'table-tools' }, filter, status),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        {},
        h('caption', { class: 'sr-only' }, `${model.title}. Select a column header to sort.`),
        h('thead', {}, h('tr', {}, ...headerCells)),
        tbody,
      ),
    ),
    pager,
  );
}

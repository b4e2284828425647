// What the user sees, told to the conversation (ui/update-model-context): the view, its call, the table's
// filter/sort/page, the selected row and the date range, so the agent's next answer starts from there.
import type { TableState } from './data-table.js';
import type { CallInput, Row, ViewModel } from './view-model.js';

export interface SeenState {
  view: string;
  model: ViewModel | undefined;
  input: CallInput;
  table: TableState | undefined;
  selected: Row | undefined;
  state: string;
}

const DATE_KEYS = [
  'startDate',
  'endDate',
  'createdAfter',
  'createdBefore',
  'timeWindowStart',
  'timeWindowEnd',
];

export interface ModelContext {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
}

export function modelContext(seen: SeenState): ModelContext {
  const dates = Object.fromEntries(
    DATE_KEYS.filter((k) => typeof seen.input.arguments[k] === 'string').map((k) => [
      k,
      seen.input.arguments[k],
    ]),
  );
  const structured: Record<string, unknown> = {
    view: seen.view,
    state: seen.state,
    tool: seen.input.tool ?? null,
    arguments: seen.input.arguments,
    ...(Object.keys(dates).length > 0 ? { dateRange: dates } : {}),
    ...(seen.table
      ? {
          table: {
            filter: seen.table.filter,
            sort: seen.table.sort ?? null,
            page: seen.table.page + 1,
            pages: seen.table.pages,
            visibleRows: seen.table.visibleRows,
            totalRows: seen.model?.rows.length ?? 0,
          },
        }
      : {}),
    ...(seen.selected ? { selected: seen.selected } : {}),
  };
  const lines = [`The user is looking at the "${seen.model?.title ?? seen.view}" view (${seen.state}).`];
  if (seen.input.tool)
    lines.push(`It shows ${seen.input.tool} with ${JSON.stringify(seen.input.arguments)}.`);
  if (Object.keys(dates).length > 0)
    lines.push(
      `Date range: ${Object.entries(dates)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}.`,
    );
  if (seen.table) {
    const t = seen.table;
    if (t.filter)
      lines.push(`Filtered by "${t.filter}": ${t.visibleRows} of ${seen.model?.rows.length ?? 0} rows.`);
    if (t.sort) lines.push(`Sorted by ${t.sort.key}, ${t.sort.direction}.`);
    if (t.pages > 1) lines.push(`Page ${t.page + 1} of ${t.pages}.`);
  }
  if (seen.selected) lines.push(`Selected row: ${JSON.stringify(seen.selected)}.`);
  return { content: [{ type: 'text', text: lines.join(' ') }], structuredContent: structured };
}

// Any rows (a warehouse query, an AMC result): every column in the table, bars for up to four numeric measures.
import { ID_KEY, inferColumns, measureColumns, rowsOf, withNumbers } from './columns.js';
import { arr } from './json.js';
import type { ChartSpec, Column, Row } from './view-model.js';

export interface RowSet {
  columns: Column[];
  rows: Row[];
  chart?: ChartSpec;
}

/** `rows` (objects) in the `declared` column order when given; numeric text becomes numbers. */
export function rowSet(rowsValue: unknown, declaredValue: unknown): RowSet {
  const raw = rowsOf(arr(rowsValue));
  const declared = arr(declaredValue).filter((c): c is string => typeof c === 'string');
  const columns = inferColumns(raw, declared.length > 0 ? declared : undefined);
  const rows = withNumbers(raw, columns);
  const measures = measureColumns(columns).slice(0, 4);
  // Bars are labelled by a name when there is one (campaign), else by the first other column (an id).
  const label =
    columns.find((c) => c.kind === 'text' && !ID_KEY.test(c.key)) ??
    columns.find((c) => !measures.includes(c)) ??
    columns[0];
  if (measures.length === 0 || !label) return { columns, rows };
  return {
    columns,
    rows,
    chart: {
      kind: 'bar',
      title: `${measures.map((m) => m.label).join(', ')} by ${label.label}`,
      x: label.key,
      xTitle: label.label,
      series: measures.map((m) => ({ key: m.key, label: m.label })),
    },
  };
}

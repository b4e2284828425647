// Rows of any query (openbridge-mcp execute_query): a table of every column, bars for its numeric columns.
import { inferColumns, measureColumns, rowsOf, withNumbers } from '../shared/columns.js';
import { arr, type JsonObject, num, str } from '../shared/json.js';
import type { ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

export function buildQueryResults(data: JsonObject): ViewModel {
  const raw = rowsOf(arr(data.rows));
  const declared = arr(data.columns).filter((c): c is string => typeof c === 'string');
  const columns = inferColumns(raw, declared.length > 0 ? declared : undefined);
  const rows = withNumbers(raw, columns);
  const measures = measureColumns(columns).slice(0, 4);
  const label = columns.find((c) => !measures.includes(c)) ?? columns[0];
  const facts: Array<[string, string]> = [
    ['Rows', String(num(data.row_count) ?? rows.length)],
    ['Columns', String(columns.length)],
  ];
  if (data.truncated === true) facts.push(['Truncated', 'yes: add a LIMIT or narrow the query for the rest']);
  const storage = str(data.key_name);
  if (storage) facts.push(['Storage', storage]);
  return {
    title: 'Query results',
    facts,
    columns,
    rows,
    ...(measures.length > 0 && label
      ? {
          chart: {
            kind: 'bar',
            title: `${measures.map((m) => m.label).join(', ')} by ${label.label}`,
            x: label.key,
            series: measures.map((m) => ({ key: m.key, label: m.label })),
          },
        }
      : {}),
    emptyText: 'The query returned no rows.',
  };
}

export const queryProgram: ViewProgram = {
  name: 'query-results',
  defaultTool: 'execute_query',
  build: buildQueryResults,
};

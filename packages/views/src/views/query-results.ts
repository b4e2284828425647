// Rows of any query (openbridge-mcp execute_query): a table of every column, bars for its numeric columns.
import { type JsonObject, num, str } from '../shared/json.js';
import { rowSet } from '../shared/row-set.js';
import type { ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

export function buildQueryResults(data: JsonObject): ViewModel {
  const { columns, rows, chart } = rowSet(data.rows, data.columns);
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
    ...(chart ? { chart } : {}),
    emptyText: 'The query returned no rows.',
  };
}

export const queryProgram: ViewProgram = {
  name: 'query-results',
  title: 'Query results',
  defaultTool: 'execute_query',
  build: buildQueryResults,
};

// ads-mcp run_amc_query / get_amc_query_results: an AMC result's rows and numeric columns; not done yet → check again.
import { formatDate } from '../shared/format.js';
import { type JsonObject, num, obj, str } from '../shared/json.js';
import { rowSet } from '../shared/row-set.js';
import type { CallInput, NextCall, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

/** Statuses after which asking again changes nothing (AMCWorkflow.json). */
const FINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'REJECTED']);

/** get_amc_query_results for the same execution, in the same AMC scope as the call that showed it. */
function checkAgain(id: string, input: CallInput): NextCall | undefined {
  const args = input.arguments;
  if (typeof args.instanceId !== 'string') return undefined;
  const scope: Record<string, unknown> = { instanceId: args.instanceId, workflowExecutionId: id };
  for (const key of ['advertiserId', 'marketplaceId', 'maxRows'] as const)
    if (args[key] !== undefined) scope[key] = args[key];
  return { label: 'Check the execution again', tool: 'get_amc_query_results', arguments: scope };
}

/** An AMC time (`2026-04-01T00:00:00`) as a day when it is midnight, else as written. */
function windowEdge(value: unknown): string | null {
  const text = str(value);
  return text === null ? null : text.replace(/T00:00:00(\.0+)?Z?$/, '');
}

/** SUCCEEDED → "Succeeded". */
const statusWord = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

/**
 * What the person asked: a saved workflow by its name, an ad-hoc query (AMC names it `transient_<uuid>`) by the
 * start of its SQL on one line.
 */
function queryName(execution: JsonObject, input: CallInput): string | null {
  const workflow = str(execution.workflowId) ?? str(input.arguments.workflowId);
  if (workflow && !workflow.startsWith('transient_')) return workflow;
  const sql = (str(execution.sqlQuery) ?? str(input.arguments.sqlQuery))?.replace(/\s+/g, ' ').trim();
  if (!sql) return workflow;
  return sql.length > 90 ? `${sql.slice(0, 89)}…` : sql;
}

export function buildAmcResults(data: JsonObject, input: CallInput): ViewModel {
  const { columns, rows, chart } = rowSet(data.rows, data.columns);
  const execution = obj(data.workflowExecution);
  const id = str(data.workflowExecutionId) ?? str(execution.workflowExecutionId);
  const status = str(data.status) ?? str(execution.status) ?? 'PENDING';
  const ready = data.ready === true;
  // The query, its dates and its status come first; the execution id (a UUID) is kept small under the view.
  const facts: Array<[string, string]> = [];
  const query = queryName(execution, input);
  if (query) facts.push(['Query', query]);
  facts.push(['Status', statusWord(status)]);
  const start = windowEdge(execution.timeWindowStart ?? input.arguments.timeWindowStart);
  const end = windowEdge(execution.timeWindowEnd ?? input.arguments.timeWindowEnd);
  if (start || end)
    facts.push(['Time window', `${start ? formatDate(start) : '…'} → ${end ? formatDate(end) : '…'}`]);
  if (ready) {
    const returned = num(data.returnedRows) ?? rows.length;
    facts.push([
      'Rows',
      data.truncated === true
        ? `${returned} (truncated: aggregate in the SQL, or download the files, for the rest)`
        : String(returned),
    ]);
    facts.push(['Files', String(num(data.files) ?? '—')]);
  }
  const next = !FINAL.has(status) && id ? checkAgain(id, input) : undefined;
  return {
    title: 'AMC query results',
    facts,
    columns,
    rows,
    ...(chart ? { chart } : {}),
    ...(next ? { next } : {}),
    ...(id ? { reference: { label: 'Execution id', value: id } } : {}),
    emptyText: ready
      ? 'The AMC query returned no rows.'
      : `The AMC execution is ${statusWord(status).toLowerCase()}${FINAL.has(status) ? ': it has no rows.' : '; its rows come once it has succeeded.'}`,
  };
}

export const amcProgram: ViewProgram = {
  name: 'amc-results',
  title: 'AMC query results',
  defaultTool: 'run_amc_query',
  build: buildAmcResults,
};

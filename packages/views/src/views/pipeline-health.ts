// openbridge-mcp get_healthchecks / get_jobs: which subscriptions and jobs are failing, counted by status.
import { arr, type JsonObject, num, obj, str } from '../shared/json.js';
import type { CallInput, Row, ViewModel } from '../shared/view-model.js';
import type { ViewProgram } from '../shared/run-view.js';

const BAD = /error|fail|invalid/i;
const WARN = /warn|pending|paused|inactive/i;

function countByStatus(rows: readonly Row[]): Row[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const s = String(r.status ?? 'unknown');
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => ({ status, count }));
}

export function buildHealth(data: JsonObject, input?: CallInput): ViewModel {
  const jobs = 'jobs' in data;
  const items = arr(jobs ? data.jobs : data.healthchecks);
  const rows: Row[] = items.map((raw): Row => {
    const i = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return jobs
      ? {
          job: str(i.id),
          subscription: str(i.subscription_id),
          status: str(i.status),
          reportDate: str(i.report_date),
          schedule: str(i.schedule),
          modified: str(i.modified_at),
        }
      : {
          subscription: str(i.subscription_name) ?? str(i.subscription_id),
          subscriptionId: num(i.subscription_id),
          product: str(i.product_name),
          status: str(i.status),
          message: str(i.message) ?? str(i.err_msg),
          checked: str(i.hc_runtime),
          job: str(i.job_id),
        };
  });
  const byStatus = countByStatus(rows);
  const pagination = obj(data.pagination);
  const failing = rows.filter((r) => BAD.test(String(r.status ?? ''))).length;
  return {
    title: jobs ? 'Job health' : 'Subscription health',
    facts: [
      [jobs ? 'Jobs' : 'Checks', String(rows.length)],
      ['Failing', String(failing)],
      ...byStatus.map((s): [string, string] => [String(s.status), String(s.count)]),
    ],
    columns: jobs
      ? [
          { key: 'job', label: 'Job', kind: 'text', priority: 'key' },
          { key: 'subscription', label: 'Subscription', kind: 'text', priority: 'low' },
          { key: 'status', label: 'Status', kind: 'text', priority: 'key' },
          { key: 'reportDate', label: 'Report date', kind: 'date', priority: 'key' },
          { key: 'schedule', label: 'Schedule', kind: 'text', priority: 'low' },
          { key: 'modified', label: 'Modified', kind: 'date', priority: 'low' },
        ]
      : [
          { key: 'subscription', label: 'Subscription', kind: 'text', priority: 'key' },
          { key: 'product', label: 'Product', kind: 'text', priority: 'low' },
          { key: 'status', label: 'Status', kind: 'text', priority: 'key' },
          { key: 'message', label: 'Message', kind: 'text', priority: 'key' },
          { key: 'checked', label: 'Checked', kind: 'date', priority: 'low' },
          { key: 'job', label: 'Job', kind: 'text', priority: 'low' },
        ],
    rows,
    chartRows: byStatus,
    chart: {
      kind: 'bar',
      title: `${jobs ? 'Jobs' : 'Checks'} per status`,
      x: 'status',
      xTitle: 'Status',
      series: [{ key: 'count', label: jobs ? 'Jobs' : 'Checks', integer: true }],
    },
    flag: (row) =>
      BAD.test(String(row.status ?? '')) ? 'bad' : WARN.test(String(row.status ?? '')) ? 'warn' : undefined,
    ...(!jobs
      ? {
          drill: {
            label: 'Jobs',
            tool: 'get_jobs',
            rowsKey: 'jobs',
            arguments: (row: Row) =>
              typeof row.subscriptionId === 'number' ? { subscription_id: row.subscriptionId } : undefined,
          },
        }
      : {}),
    ...(pagination.has_next === true && typeof pagination.next_page === 'number'
      ? {
          next: {
            label: `Load page ${pagination.next_page}`,
            arguments: { ...(input?.arguments ?? {}), page: pagination.next_page },
          },
        }
      : {}),
    emptyText: jobs ? 'No jobs for this subscription.' : 'No health checks: nothing has failed or run yet.',
  };
}

export const healthProgram: ViewProgram = {
  name: 'pipeline-health',
  title: 'Pipeline health',
  defaultTool: 'get_healthchecks',
  build: buildHealth,
};

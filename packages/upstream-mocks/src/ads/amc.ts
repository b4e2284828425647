// AMC: instances, ad-hoc/saved workflow executions (PENDING → RUNNING → SUCCEEDED | FAILED), download URLs.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST } from './hosts.js';
import { adsError, adsJson } from './respond.js';
import { executions, type MockExecution, type Row } from './state.js';

export const AMC_INSTANCES: readonly Row[] = [
  {
    instanceId: 'amcabc123def',
    instanceName: 'mock-standard',
    instanceType: 'STANDARD',
    creationStatus: 'COMPLETED',
    apiEndpoint: 'https://advertising-api.amazon.com/amc/reporting/amcabc123def',
  },
  {
    instanceId: 'amcsbx456ghi',
    instanceName: 'mock-sandbox',
    instanceType: 'SANDBOX',
    creationStatus: 'COMPLETED',
    apiEndpoint: 'https://advertising-api.amazon.com/amc/reporting/amcsbx456ghi',
  },
];
const INSTANCE_IDS = AMC_INSTANCES.map((i) => String(i.instanceId));

function statusOf(e: MockExecution): string {
  if (e.polls <= 0) return 'PENDING';
  if (e.polls === 1) return 'RUNNING';
  return e.sql?.includes('FAIL') ? 'FAILED' : 'SUCCEEDED';
}

function view(e: MockExecution): Row {
  const status = statusOf(e);
  const out: Row = {
    workflowExecutionId: e.workflowExecutionId,
    workflowId: e.workflowId,
    instanceId: e.instanceId,
    executionCategory: e.sql === undefined ? 'SAVED' : 'AD_HOC',
    status,
    createTime: e.createTime,
    expireTime: new Date(Date.parse(e.createTime) + 6 * 3600_000).toISOString(),
    workflowExecutionTimeoutSeconds: 21600,
    timeWindowStart: e.request.timeWindowStart,
    timeWindowEnd: e.request.timeWindowEnd,
    timeWindowType: e.request.timeWindowType ?? 'EXPLICIT',
    parameterValues: e.request.parameterValues ?? {},
    dataGaps: [],
  };
  if (status === 'FAILED') out.statusReason = 'Query failed: invalid column FAIL';
  return out;
}

function instanceOr404(instanceId: string): Response | undefined {
  return INSTANCE_IDS.includes(instanceId)
    ? undefined
    : adsError(404, '404', `Instance ${instanceId} not found`);
}

const api: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.get(
    `${host}/amc/instances`,
    withFault(
      'api',
      renderAdsFault,
      ({ request }) => guard(request, { amc: true }) ?? adsJson({ instances: AMC_INSTANCES }),
    ),
  ),
  http.post(
    `${host}/amc/reporting/:instanceId/workflowExecutions`,
    withFault('api', renderAdsFault, async ({ request, params }) => {
      const instanceId = String(params.instanceId);
      const rejected = guard(request, { amc: true }) ?? instanceOr404(instanceId);
      if (rejected) return rejected;
      const body = await readJson(request);
      const workflow = body?.workflow as Row | undefined;
      const sql = typeof workflow?.sqlQuery === 'string' ? workflow.sqlQuery : undefined;
      const workflowId = typeof body?.workflowId === 'string' ? body.workflowId : undefined;
      if (!body || (sql === undefined) === (workflowId === undefined)) {
        return adsError(400, '400', 'Exactly one of workflow.sqlQuery or workflowId is required');
      }
      if (sql?.includes('\n')) return adsError(400, '400', 'SQL query must be a single line');
      const id = crypto.randomUUID();
      const execution: MockExecution = {
        workflowExecutionId: id,
        instanceId,
        workflowId: workflowId ?? `transient_${crypto.randomUUID()}`,
        sql,
        request: body,
        polls: 0,
        createTime: new Date().toISOString(),
      };
      executions.set(id, execution);
      return adsJson(view(execution));
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const instanceId = String(params.instanceId);
      const rejected = guard(request, { amc: true }) ?? instanceOr404(instanceId);
      if (rejected) return rejected;
      const all = [...executions.values()].filter((e) => e.instanceId === instanceId).map(view);
      return adsJson({ executions: all });
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions/:executionId`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const rejected = guard(request, { amc: true }) ?? instanceOr404(String(params.instanceId));
      if (rejected) return rejected;
      const e = executions.get(String(params.executionId));
      if (!e || e.instanceId !== params.instanceId)
        return adsError(404, '404', 'Workflow execution not found');
      const out = view(e);
      e.polls += 1;
      return adsJson(out);
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions/:executionId/downloadUrls`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const rejected = guard(request, { amc: true }) ?? instanceOr404(String(params.instanceId));
      if (rejected) return rejected;
      const e = executions.get(String(params.executionId));
      if (!e || e.instanceId !== params.instanceId)
        return adsError(404, '404', 'Workflow execution not found');
      const status = statusOf(e);
      if (status !== 'SUCCEEDED') {
        return adsError(
          400,
          '400',
          `Workflow execution is in status ${status}; download URLs exist only after SUCCEEDED`,
        );
      }
      return adsJson({
        downloadUrls: [`${REPORT_FILE_HOST}/amc/${e.workflowExecutionId}.csv?X-Amz-Signature=mock`],
      });
    }),
  ),
]);

const file = http.get(`${REPORT_FILE_HOST}/amc/:file`, ({ params }) => {
  const id = String(params.file).replace(/\.csv$/, '');
  if (!executions.has(id)) return new HttpResponse('', { status: 404 });
  return new HttpResponse('campaign_id,impressions\n1,100\n', { headers: { 'content-type': 'text/csv' } });
});

export const amcHandlers: RequestHandler[] = [...api, file];

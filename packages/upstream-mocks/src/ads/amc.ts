// AMC as AMCAdmin.json/AMCWorkflow.json describe it: accounts, instances, saved workflows and schedules,
// ad-hoc/saved workflow executions (PENDING → RUNNING → SUCCEEDED | FAILED), download URLs (amc-results.ts). Every route
// checks its vendor media types (415) and that AdvertiserId is an AMC account of the login (403).
import { http, type RequestHandler } from 'msw';
import { mockSettings } from '../settings.js';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { amcResultHandler, amcResultUrls } from './amc-results.js';
import { ADS_HOSTS } from './hosts.js';
import { adsJson } from './respond.js';
import { executions, type MockExecution, type Row } from './state.js';

const MEDIA = {
  accounts: 'application/vnd.amcaudiencesconnections.v1+json',
  instances: 'application/vnd.amcinstances.v1+json',
  executions: 'application/vnd.amcworkflowexecutions.v1+json',
  workflows: 'application/vnd.amcworkflows.v1+json',
  schedules: 'application/vnd.amcschedules.v1+json',
} as const;

/** GET /amc/accounts: the AMC accounts of the login (not the profiles' accountInfo ids). */
export const AMC_ACCOUNTS: readonly Row[] = [
  { accountId: 'amcacct9US000001', accountName: 'Mock AMC account', marketplaceId: 'ATVPDKIKX0DER' },
];
const ACCOUNT_IDS = AMC_ACCOUNTS.map((a) => String(a.accountId));

function instance(instanceId: string, instanceName: string, instanceType: string): Row {
  return {
    instanceId,
    instanceName,
    instanceType,
    creationStatus: 'COMPLETED',
    creationDatetime: '2025-01-15T10:00:00Z',
    apiEndpoint: `https://advertising-api.amazon.com/amc/reporting/${instanceId}`,
    awsAccountId: '123456789012',
    dataUploadAwsAccountId: '210987654321',
    s3BucketName: `amc-${instanceId}-results`,
    entities: ['ENTITY1AA1AA11AAA1'],
  };
}

export const AMC_INSTANCES: readonly Row[] = [
  instance('amcabc123def', 'mock-standard', 'STANDARD'),
  instance('amcsbx456ghi', 'mock-sandbox', 'SANDBOX'),
];
const INSTANCE_IDS = AMC_INSTANCES.map((i) => String(i.instanceId));

const WORKFLOWS: readonly Row[] = [
  {
    workflowId: 'weekly_reach',
    sqlQuery: 'SELECT campaign_id, COUNT(DISTINCT user_id) AS reach FROM dsp_impressions GROUP BY 1',
    inputParameters: [],
  },
];
const SCHEDULES: readonly Row[] = [
  {
    scheduleId: 'weekly_reach_schedule',
    workflowId: 'weekly_reach',
    aggregationPeriod: 'Weekly',
    aggregationStartDay: 'Monday',
    aggregationHourUtc: 6,
    scheduleEnabled: true,
  },
];

function statusOf(e: MockExecution): string {
  if (e.cancelled) return 'CANCELLED';
  if (e.polls <= 0) return 'PENDING';
  if (e.polls < mockSettings.amcPolls()) return 'RUNNING';
  return e.sql?.includes('FAIL') ? 'FAILED' : 'SUCCEEDED';
}

/** A WorkflowExecution with only the spec's properties. */
function view(e: MockExecution): Row {
  const out: Row = {
    workflowExecutionId: e.workflowExecutionId,
    workflowId: e.workflowId,
    status: statusOf(e),
    createTime: e.createTime,
    lastUpdatedTime: e.createTime,
    expireTime: new Date(Date.parse(e.createTime) + 6 * 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    workflowExecutionTimeoutSeconds: 21600,
  };
  if (e.sql !== undefined) out.sqlQuery = e.sql;
  if (typeof e.request.timeWindowStart === 'string') out.timeWindowStart = e.request.timeWindowStart;
  if (typeof e.request.timeWindowEnd === 'string') out.timeWindowEnd = e.request.timeWindowEnd;
  return out;
}

/** AMC error body: the spec's `Error {code, details}` in the operation's media type. */
function amcError(status: number, details: string, media: string): Response {
  return adsJson({ code: String(status), details }, status, media);
}

interface AmcRoute {
  media: string;
  body?: boolean;
}

/** Guard + AMC account check + instance check; undefined when the request may proceed. */
function amcGuard(request: Request, route: AmcRoute, instanceId?: string): Response | undefined {
  const rejected = guard(request, {
    amc: true,
    accept: route.media,
    ...(route.body ? { contentType: route.media } : {}),
  });
  if (rejected) return rejected;
  const advertiser = request.headers.get('amazon-advertising-api-advertiserid') ?? '';
  if (!ACCOUNT_IDS.includes(advertiser)) {
    return amcError(403, `Advertiser ${advertiser} is not an AMC account this user can access.`, route.media);
  }
  const accountHeader = request.headers.get('amazon-ads-accountid');
  if (accountHeader !== null && accountHeader !== advertiser) {
    return amcError(400, 'Amazon-Ads-AccountId does not match the AMC account.', route.media);
  }
  if (instanceId !== undefined && !INSTANCE_IDS.includes(instanceId)) {
    return amcError(404, `Instance ${instanceId} not found`, route.media);
  }
  return undefined;
}

/** A `{<key>: [...], nextToken?}` page honouring `limit` and a numeric nextToken. */
function pageOf(request: Request, key: string, all: readonly Row[]): Row {
  const q = new URL(request.url).searchParams;
  const limit = Math.min(Math.max(Number(q.get('limit') ?? 100) || 100, 1), 100);
  const start = Number(q.get('nextToken') ?? 0) || 0;
  const out: Row = { [key]: all.slice(start, start + limit) };
  if (start + limit < all.length) out.nextToken = String(start + limit);
  return out;
}

function createExecution(instanceId: string, body: Row | undefined, media: string): Response {
  const workflow = body?.workflow as Row | undefined;
  const sql = typeof workflow?.sqlQuery === 'string' ? workflow.sqlQuery : undefined;
  const workflowId = typeof body?.workflowId === 'string' ? body.workflowId : undefined;
  if (!body || (sql === undefined) === (workflowId === undefined)) {
    return amcError(400, 'Exactly one of workflow.sqlQuery or workflowId is required', media);
  }
  const params = body.parameterValues;
  if (params !== undefined) {
    const bad = Object.entries((params ?? {}) as Row).find(([, v]) => typeof v !== 'string');
    if (!params || typeof params !== 'object' || bad) {
      return amcError(400, `parameterValues.${bad?.[0] ?? ''} must be a string`, media);
    }
  }
  if (workflowId !== undefined && !WORKFLOWS.some((w) => w.workflowId === workflowId)) {
    return amcError(404, `Workflow ${workflowId} not found`, media);
  }
  const id = crypto.randomUUID();
  const execution: MockExecution = {
    workflowExecutionId: id,
    instanceId,
    workflowId: workflowId ?? `transient_${crypto.randomUUID()}`,
    sql,
    request: body,
    polls: 0,
    createTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  executions.set(id, execution);
  return adsJson({ workflowExecution: view(execution) }, 200, media);
}

/**
 * A saved collection of an instance (workflows, schedules): GET …/<kind> pages it, GET …/<kind>/:id answers
 * `{<one>: item}` or 404 `<Label> <id> not found`, both in the collection's media type.
 */
function library(
  host: string,
  kind: 'workflows' | 'schedules',
  idField: string,
  label: string,
  all: readonly Row[],
): RequestHandler[] {
  const media = MEDIA[kind];
  const one = kind.slice(0, -1);
  return [
    http.get(
      `${host}/amc/reporting/:instanceId/${kind}`,
      withFault('api', renderAdsFault, ({ request, params }) => {
        const rejected = amcGuard(request, { media }, String(params.instanceId));
        return rejected ?? adsJson(pageOf(request, kind, all), 200, media);
      }),
    ),
    http.get(
      `${host}/amc/reporting/:instanceId/${kind}/:id`,
      withFault('api', renderAdsFault, ({ request, params }) => {
        const rejected = amcGuard(request, { media }, String(params.instanceId));
        if (rejected) return rejected;
        const item = all.find((w) => w[idField] === params.id);
        return item
          ? adsJson({ [one]: item }, 200, media)
          : amcError(404, `${label} ${String(params.id)} not found`, media);
      }),
    ),
  ];
}

const exec = { media: MEDIA.executions };

/** The execution a route names, after the AMC guard; else the guard's answer or 404. */
function guardedExecution(
  request: Request,
  params: Readonly<Record<string, unknown>>,
): MockExecution | Response {
  const rejected = amcGuard(request, exec, String(params.instanceId));
  if (rejected) return rejected;
  const e = executions.get(String(params.executionId));
  if (!e || e.instanceId !== params.instanceId) {
    return amcError(404, 'Workflow execution not found', MEDIA.executions);
  }
  return e;
}

const api: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.get(
    `${host}/amc/accounts`,
    withFault('api', renderAdsFault, ({ request }) => {
      // Only ClientId + Authorization: no Scope, no AMC entity headers.
      const rejected = guard(request, { accept: MEDIA.accounts });
      return rejected ?? adsJson(pageOf(request, 'amcAccounts', AMC_ACCOUNTS), 200, MEDIA.accounts);
    }),
  ),
  http.get(
    `${host}/amc/instances`,
    withFault('api', renderAdsFault, ({ request }) => {
      const rejected = amcGuard(request, { media: MEDIA.instances });
      return rejected ?? adsJson(pageOf(request, 'instances', AMC_INSTANCES), 200, MEDIA.instances);
    }),
  ),
  ...library(host, 'workflows', 'workflowId', 'Workflow', WORKFLOWS),
  ...library(host, 'schedules', 'scheduleId', 'Schedule', SCHEDULES),
  http.post(
    `${host}/amc/reporting/:instanceId/workflowExecutions`,
    withFault('api', renderAdsFault, async ({ request, params }) => {
      const instanceId = String(params.instanceId);
      const rejected = amcGuard(request, { ...exec, body: true }, instanceId);
      return rejected ?? createExecution(instanceId, await readJson(request), MEDIA.executions);
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const instanceId = String(params.instanceId);
      const rejected = amcGuard(request, exec, instanceId);
      if (rejected) return rejected;
      const workflowId = new URL(request.url).searchParams.get('workflowId');
      const all = [...executions.values()]
        .filter((e) => e.instanceId === instanceId && (!workflowId || e.workflowId === workflowId))
        .map(view);
      return adsJson(pageOf(request, 'executions', all), 200, MEDIA.executions);
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions/:executionId`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const e = guardedExecution(request, params);
      if (e instanceof Response) return e;
      const out = view(e);
      e.polls += 1;
      return adsJson({ workflowExecution: out }, 200, MEDIA.executions);
    }),
  ),
  // UpdateWorkflowExecution: "can be used to update the requested execution's status to CANCELLED if the
  // execution is still pending or running"; "any missing fields will be ignored". Another status, or a
  // cancel of an execution that already ended, is a 400; the answer is the spec's empty object.
  http.put(
    `${host}/amc/reporting/:instanceId/workflowExecutions/:executionId`,
    withFault('api', renderAdsFault, async ({ request, params }) => {
      const rejected = amcGuard(request, { ...exec, body: true }, String(params.instanceId));
      if (rejected) return rejected;
      const e = guardedExecution(request, params);
      if (e instanceof Response) return e;
      const body = await readJson(request);
      if (!body) return amcError(400, 'The request body is not a JSON WorkflowExecution.', MEDIA.executions);
      if (body.status === undefined) return adsJson({}, 200, MEDIA.executions);
      if (body.status !== 'CANCELLED') {
        return amcError(
          400,
          `status can only be updated to CANCELLED (got ${String(body.status)})`,
          MEDIA.executions,
        );
      }
      const status = statusOf(e);
      if (status !== 'PENDING' && status !== 'RUNNING') {
        return amcError(
          400,
          `Workflow execution is in status ${status}; only a PENDING or RUNNING execution can be cancelled`,
          MEDIA.executions,
        );
      }
      e.cancelled = true;
      return adsJson({}, 200, MEDIA.executions);
    }),
  ),
  http.get(
    `${host}/amc/reporting/:instanceId/workflowExecutions/:executionId/downloadUrls`,
    withFault('api', renderAdsFault, ({ request, params }) => {
      const e = guardedExecution(request, params);
      if (e instanceof Response) return e;
      const status = statusOf(e);
      if (status !== 'SUCCEEDED') {
        return amcError(
          400,
          `Workflow execution is in status ${status}; download URLs exist only after SUCCEEDED`,
          MEDIA.executions,
        );
      }
      return adsJson(amcResultUrls(e), 200, MEDIA.executions);
    }),
  ),
]);

export const amcHandlers: RequestHandler[] = [...api, amcResultHandler];

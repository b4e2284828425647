// run_export and run_snapshot as MCP tasks, in process against the mocks: status notifications in order, progress
// inline, a cancel mid-poll makes no further upstream request, failures are schema-valid envelopes.
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/core';
import type { Task } from '@modelcontextprotocol/client';
import type { Envelope } from '@obmcp/contract';
import { assertEnvelope, createFaultSwitch, startInProcess, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_PROFILE } from './helpers.js';
import { app } from '../src/app.js';

const BASE_ENV = {
  ADS_API_PROFILE_ID: String(US_PROFILE),
  // Both are listed with their operations' toolsets (exports; sp, run_snapshot's first operation).
  ADS_API_TOOLSETS: 'curated,exports,sp',
  OBMCP_TASK_POLL_INTERVAL_MS: '100',
};

type Args = Record<string, unknown>;

const createTask = (s: TestServer, name: string, args: Args) =>
  s.client.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );
const taskResult = (s: TestServer, taskId: string) =>
  s.client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, { timeout: 30_000 });
const taskStatus = async (s: TestServer, taskId: string) =>
  (await s.client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema)).status;

const paths = (s: TestServer) => s.upstreamRequests().map((r) => `${r.method} ${new URL(r.url).pathname}`);
/** Status requests of exports and snapshots the mocks received (the polls). */
const polls = (s: TestServer) =>
  paths(s).filter((p) => /^GET \/(exports\/[^/]+|v2\/sp\/snapshots\/[^/]+|sd\/snapshots\/[^/]+)$/.test(p))
    .length;

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const envelopeOf = (result: { content?: unknown }): Envelope => {
  const envelope = JSON.parse((result.content as { text: string }[])[0]?.text ?? '') as Envelope;
  assertEnvelope(envelope);
  return envelope;
};

describe('run_export and run_snapshot as tasks (jobs take 150 ms)', () => {
  let s: TestServer;
  const statuses: Task[] = [];
  beforeAll(async () => {
    s = await startAds({ OBMCP_MOCK_ADS_JOB_MS: '150' });
    s.client.setNotificationHandler(
      'notifications/tasks/status',
      { params: TaskStatusNotificationParamsSchema },
      (params) => {
        statuses.push(params as Task);
      },
    );
  }, 30_000);
  afterAll(async () => s?.close());

  const transitions = async (taskId: string) => {
    await until(() => statuses.some((t) => t.taskId === taskId && t.status !== 'working'), 'the end');
    return statuses.filter((t) => t.taskId === taskId).map((t) => `${t.status}:${t.statusMessage}`);
  };

  it('both declare execution.taskSupport and the operations they call', async () => {
    const { tools } = await s.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['run_export', 'run_snapshot']) {
      expect(byName.get(name)?.execution).toEqual({ taskSupport: 'optional' });
    }
    const ops = (name: string) =>
      ((byName.get(name)?._meta?.['io.obmcp/operations'] ?? []) as { operationId: string }[]).map(
        (o) => o.operationId,
      );
    expect(ops('run_export')).toEqual([
      'CampaignExport',
      'AdGroupExport',
      'AdExport',
      'TargetExport',
      'GetExport',
    ]);
    expect(ops('run_snapshot')).toEqual([
      'requestSnapshot',
      'getSnapshotStatus',
      'downloadSnapshot',
      'createSnapshot',
      'getSnapshot',
      'downloadSnapshot',
    ]);
  });

  it('run_export: PROCESSING → COMPLETED, then the file rows; the result keeps its _meta', async () => {
    const { task } = await createTask(s, 'run_export', { exportType: 'campaigns', stateFilter: ['ENABLED'] });
    expect(task.status).toBe('working');
    const final = await taskResult(s, task.taskId);
    const out = final.structuredContent as Record<string, unknown> & { rows: Record<string, unknown>[] };
    expect(out).toMatchObject({
      exportType: 'campaigns',
      status: 'COMPLETED',
      ready: true,
      truncated: false,
    });
    expect(out.rows.length).toBeGreaterThan(0);
    expect(out.totalRows).toBe(out.rows.length);
    expect(out.rows.every((r) => r.state === 'ENABLED')).toBe(true);
    expect((out._meta as { request_id?: unknown } | undefined)?.request_id).toBeTypeOf('string');
    expect(await transitions(task.taskId)).toEqual([
      'working:PROCESSING',
      'working:COMPLETED',
      'completed:COMPLETED',
    ]);
    const mine = paths(s).filter((p) => p.includes('export') || p.startsWith('GET /exports/'));
    expect(mine[0]).toBe('POST /campaigns/export');
    expect(mine.slice(1).every((p) => p.startsWith('GET /exports/'))).toBe(true);
    // The create answer, then PROCESSING and COMPLETED reads (the file host is not an API host: not logged).
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(await taskStatus(s, task.taskId)).toBe('completed');
  });

  it('run_snapshot (SP): IN_PROGRESS → SUCCESS, then the download (a 307 to the file) as rows', async () => {
    const { task } = await createTask(s, 'run_snapshot', {
      adProduct: 'SPONSORED_PRODUCTS',
      recordType: 'keywords',
    });
    const final = await taskResult(s, task.taskId);
    const out = final.structuredContent as Record<string, unknown> & { rows: Record<string, unknown>[] };
    expect(out).toMatchObject({ recordType: 'keywords', status: 'SUCCESS', ready: true });
    expect(out.snapshotId).toMatch(/^amzn1\.clicksAPI\./);
    expect(out.rows.length).toBeGreaterThan(0);
    expect(out.rows[0]).toHaveProperty('keywordText');
    expect(await transitions(task.taskId)).toEqual([
      'working:IN_PROGRESS',
      'working:SUCCESS',
      'completed:SUCCESS',
    ]);
    // The last status read, then the download operation (its 307 leads to the file host, not logged).
    expect(paths(s).slice(-2)).toEqual([
      `GET /v2/sp/snapshots/${String(out.snapshotId)}`,
      `GET /v2/sp/snapshots/${String(out.snapshotId)}/download`,
    ]);
  });

  it('inline with a progressToken: notifications/progress per status, the same result', async () => {
    const seen: { progress: number; message?: string }[] = [];
    const snapshot = await s.client.callTool(
      { name: 'run_snapshot', arguments: { adProduct: 'SPONSORED_DISPLAY', recordType: 'campaigns' } },
      { onprogress: (p) => seen.push(p) },
    );
    expect(snapshot.structuredContent).toMatchObject({ status: 'SUCCESS', ready: true });
    expect(seen.map((p) => p.message)).toEqual(['IN_PROGRESS', 'SUCCESS']);
    expect(seen.map((p) => p.progress)).toEqual([1, 2]);
    seen.length = 0;
    const exported = await s.client.callTool(
      { name: 'run_export', arguments: { exportType: 'targets', negativeFilter: [false] } },
      { onprogress: (p) => seen.push(p) },
    );
    expect(exported.structuredContent).toMatchObject({ status: 'COMPLETED', ready: true });
    // The filters travel as the export's body: only positive targets come back.
    const rows = (exported.structuredContent as { rows: { negative?: unknown }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.negative === false)).toBe(true);
    expect(seen.map((p) => p.message)).toEqual(['PROCESSING', 'COMPLETED']);
  });

  it('a failing task ends failed with a schema-valid envelope (a filter the export type does not take)', async () => {
    const { task } = await createTask(s, 'run_export', {
      exportType: 'campaigns',
      targetTypeFilter: ['KEYWORD'],
    });
    const final = await taskResult(s, task.taskId);
    expect(final.isError).toBe(true);
    const envelope = envelopeOf(final);
    expect(envelope).toMatchObject({ error_code: 'INPUT_VALIDATION_FAILED', tool: 'run_export' });
    expect(envelope.details[0]?.path).toBe('targetTypeFilter');
    expect(await taskStatus(s, task.taskId)).toBe('failed');
  });
});

describe('a job whose status request fails mid-wait', () => {
  const fault = createFaultSwitch();
  let s: TestServer;
  beforeAll(async () => {
    s = await startAds({ OBMCP_MOCK_ADS_JOB_MS: '600000', ...fault.env });
  }, 30_000);
  afterAll(async () => {
    await s?.close();
    fault.dispose();
  });

  it.each([
    ['run_export', { exportType: 'ads' }],
    ['run_snapshot', { adProduct: 'SPONSORED_DISPLAY', recordType: 'adGroups' }],
  ] as const)('%s: the task fails with the upstream envelope', async (name, args) => {
    fault.set('none');
    const before = polls(s);
    const { task } = await createTask(s, name, args);
    await until(() => polls(s) >= before + 2, 'two polls');
    fault.set('http_404');
    const final = await taskResult(s, task.taskId);
    expect(final.isError).toBe(true);
    expect(envelopeOf(final)).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_404',
      tool: name,
    });
    expect(await taskStatus(s, task.taskId)).toBe('failed');
  });
});

describe('jobs Amazon reports FAILED / FAILURE (OBMCP_MOCK_ADS_JOB_OUTCOME=failed)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startAds({ OBMCP_MOCK_ADS_JOB_OUTCOME: 'failed' });
  }, 30_000);
  afterAll(async () => s?.close());

  it('the task completes with ready:false and Amazon’s error, no download', async () => {
    const exported = await taskResult(
      s,
      (await createTask(s, 'run_export', { exportType: 'adGroups' })).task.taskId,
    );
    expect(exported.isError).toBeFalsy();
    expect(exported.structuredContent).toMatchObject({
      status: 'FAILED',
      ready: false,
      error: { errorCode: 'TIMED_OUT' },
      rows: [],
    });
    const snap = await taskResult(
      s,
      (await createTask(s, 'run_snapshot', { adProduct: 'SPONSORED_PRODUCTS', recordType: 'campaigns' })).task
        .taskId,
    );
    expect(snap.structuredContent).toMatchObject({
      status: 'FAILURE',
      ready: false,
      statusDetails: expect.any(String),
    });
    expect(paths(s).some((p) => p.endsWith('.json.gz') || p.endsWith('/download'))).toBe(false);
  });
});

describe('a task cancelled mid-poll', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startAds({ OBMCP_MOCK_ADS_JOB_MS: '600000' });
  }, 30_000);
  afterAll(async () => s?.close());

  it.each([
    ['run_export', { exportType: 'campaigns' }],
    ['run_snapshot', { adProduct: 'SPONSORED_PRODUCTS', recordType: 'adGroups' }],
  ] as const)('%s makes no upstream request after the cancel (counted by the mock)', async (name, args) => {
    const before = polls(s);
    const { task } = await createTask(s, name, args);
    await until(() => polls(s) >= before + 3, 'three polls');
    const cancelled = await s.client.request(
      { method: 'tasks/cancel', params: { taskId: task.taskId } },
      CancelTaskResultSchema,
    );
    expect(cancelled.status).toBe('cancelled');
    const seen = s.upstreamRequests().length;
    // The cadence doubles from 20 ms: two more polls would have come within this wait.
    await new Promise((r) => setTimeout(r, 800));
    expect(s.upstreamRequests().length).toBe(seen);
    expect(await taskStatus(s, task.taskId)).toBe('cancelled');
  });
});

/** ads-mcp in process with the mocks recording every API request (the polls are counted from them). */
function startAds(env: Record<string, string>): Promise<TestServer> {
  return startInProcess({
    app,
    env: { CODE_MODE: 'off', ...BASE_ENV, ...env },
    recordUpstream: true,
  });
}

// tasks/cancel cancels the Ads job upstream where the API allows it (deleteAsyncReport for a PENDING report,
// UpdateWorkflowExecution CANCELLED for a PENDING or RUNNING AMC execution) and says so in its answer.
import {
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import { startInProcess, type TestServer } from '@obmcp/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { US_PROFILE } from './helpers.js';
import { app } from '../src/app.js';

const ENV = {
  CODE_MODE: 'off',
  ADS_API_PROFILE_ID: String(US_PROFILE),
  ADS_API_TOOLSETS: 'curated,amc',
  OBMCP_TASK_POLL_INTERVAL_MS: '100',
};

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(env: Record<string, string>): Promise<TestServer> {
  s = await startInProcess({ app, env: { ...ENV, ...env }, recordUpstream: true });
  return s;
}

async function createTask(server: TestServer, name: string, args: Record<string, unknown>) {
  const { task } = await server.client.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl: 120_000 } } },
    CreateTaskResultSchema,
  );
  return task.taskId;
}

const statusOf = (server: TestServer, taskId: string) =>
  server.client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);

const cancel = (server: TestServer, taskId: string) =>
  server.client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);

const sent = (server: TestServer, method: string) =>
  server
    .upstreamRequests()
    .filter((r) => r.method === method)
    .map((r) => new URL(r.url).pathname);

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let day = 0;
function report() {
  day++;
  const date = `2024-0${1 + (day % 9)}-1${day % 10}`;
  return {
    startDate: date,
    endDate: date,
    reportTypeId: 'spCampaigns',
    groupBy: ['campaign'],
    columns: ['impressions', 'clicks', 'campaignId'],
  };
}

describe('run_report (Reporting v3) cancelled as a task', () => {
  it('PENDING: deleteAsyncReport is sent and the cancel answer says so', async () => {
    const server = await start({ OBMCP_MOCK_ADS_REPORT_PENDING_POLLS: '100000' });
    const taskId = await createTask(server, 'run_report', report());
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'PENDING', 'PENDING');
    const cancelled = await cancel(server, taskId);
    expect(cancelled.status).toBe('cancelled');
    const deletes = sent(server, 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatch(/^\/reporting\/reports\/[^/]+$/);
    const reportId = deletes[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; report ${reportId} cancelled at Amazon Ads (deleteAsyncReport)`,
    );
  });

  it('PROCESSING: no cancel request (only PENDING reports cancel), and the answer says it may still finish', async () => {
    const server = await start({ OBMCP_MOCK_ADS_REPORT_POLLS: '100000' });
    const taskId = await createTask(server, 'run_report', report());
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'PROCESSING', 'PROCESSING');
    const cancelled = await cancel(server, taskId);
    expect(sent(server, 'DELETE')).toEqual([]);
    expect(cancelled.statusMessage).toMatch(
      /^cancelled by the client; report \S+ was PROCESSING: Amazon Ads cancels only PENDING reports \(deleteAsyncReport\), so it may still finish \(download_report\)$/,
    );
  });
});

describe('run_amc_query cancelled as a task', () => {
  it('PENDING: UpdateWorkflowExecution sets it CANCELLED upstream too', async () => {
    // The real cadence (a first status read after 10 s) keeps the created execution PENDING while it is cancelled.
    const server = await start({ OBMCP_MOCK_RATE_SCALE: '1' });
    const taskId = await createTask(server, 'run_amc_query', {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT 1 FROM dsp_impressions',
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'PENDING', 'PENDING');
    const cancelled = await cancel(server, taskId);
    const puts = sent(server, 'PUT');
    expect(puts).toHaveLength(1);
    const id = puts[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; AMC execution ${id} cancelled (UpdateWorkflowExecution status CANCELLED)`,
    );
  });

  it('RUNNING: UpdateWorkflowExecution sets it CANCELLED upstream, and the cancel answer says so', async () => {
    const server = await start({ OBMCP_MOCK_AMC_POLLS: '100000' });
    const taskId = await createTask(server, 'run_amc_query', {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT 1 FROM dsp_impressions',
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'RUNNING', 'RUNNING');
    const cancelled = await cancel(server, taskId);
    const puts = sent(server, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatch(/^\/amc\/reporting\/amcabc123def\/workflowExecutions\/[^/]+$/);
    const id = puts[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; AMC execution ${id} cancelled (UpdateWorkflowExecution status CANCELLED)`,
    );
    // AMC's side: the execution reads CANCELLED.
    const { structuredContent } = await server.client.callTool({
      name: 'get_amc_workflow_execution',
      arguments: { instanceId: 'amcabc123def', workflowExecutionId: id },
    });
    expect(structuredContent).toMatchObject({ workflowExecution: { status: 'CANCELLED' } });
  });
});

// tasks/cancel of run_report cancels the SP report upstream (cancelReport) while Amazon allows it (IN_QUEUE) and says so.
import {
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import type { TestServer } from '@obmcp/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

const ENV = { SP_API_TOOLSETS: 'curated,reports', OBMCP_TASK_POLL_INTERVAL_MS: '100' };
let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function submitFeed(server: TestServer) {
  const content = JSON.stringify({
    header: { sellerId: 'A2MOCKSELLER01', version: '2.0' },
    messages: [{ messageId: 1, sku: 'SKU-1000', operationType: 'DELETE' }],
  });
  const { task } = await server.client.request(
    {
      method: 'tools/call',
      params: {
        name: 'submit_feed',
        arguments: {
          feedType: 'JSON_LISTINGS_FEED',
          marketplaceIds: [US],
          contentType: 'application/json; charset=UTF-8',
          content,
        },
        task: { ttl: 60_000 },
      },
    },
    CreateTaskResultSchema,
  );
  return task.taskId;
}

async function runReport(server: TestServer) {
  const { task } = await server.client.request(
    {
      method: 'tools/call',
      params: {
        name: 'run_report',
        arguments: { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
        task: { ttl: 60_000 },
      },
    },
    CreateTaskResultSchema,
  );
  return task.taskId;
}

async function statusOf(server: TestServer, taskId: string) {
  return server.client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
}

const cancel = (server: TestServer, taskId: string) =>
  server.client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);

const requests = (server: TestServer) =>
  server.upstreamRequests().map((r) => `${r.method} ${new URL(r.url).pathname}`);

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('run_report cancelled as a task', () => {
  it('IN_QUEUE: cancelReport is sent, the report is CANCELLED upstream, and the cancel answer says so', async () => {
    // IN_QUEUE for the first quarter of 10 minutes.
    s = await startSp({ ...ENV, OBMCP_MOCK_SP_REPORT_MS: '600000' }, true);
    const server = s;
    const taskId = await runReport(server);
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'IN_QUEUE', 'IN_QUEUE');
    const cancelled = await cancel(server, taskId);
    expect(cancelled.status).toBe('cancelled');
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatch(/^DELETE \/reports\/2021-06-30\/reports\/\S+$/);
    const reportId = deletes[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; report ${reportId} cancelled at Amazon (cancelReport)`,
    );
    // Amazon's side: the report is CANCELLED (get_report reads it).
    const { structuredContent } = await server.client.callTool({
      name: 'get_report',
      arguments: { reportId },
    });
    expect(structuredContent).toMatchObject({ processingStatus: 'CANCELLED' });
  });

  it('IN_PROGRESS: no cancel request (Amazon refuses it), and the cancel answer says the report may still finish', async () => {
    // IN_QUEUE for 10 s, then IN_PROGRESS for 30 s.
    s = await startSp({ ...ENV, OBMCP_MOCK_SP_REPORT_MS: '40000' }, true);
    const server = s;
    const taskId = await runReport(server);
    await until(
      async () => (await statusOf(server, taskId)).statusMessage === 'IN_PROGRESS',
      'IN_PROGRESS',
      90_000,
    );
    const cancelled = await cancel(server, taskId);
    expect(cancelled.status).toBe('cancelled');
    expect(requests(server).filter((r) => r.startsWith('DELETE '))).toEqual([]);
    expect(cancelled.statusMessage).toMatch(
      /^cancelled by the client; report \S+ was IN_PROGRESS: Amazon cancels only IN_QUEUE reports, so it may still finish \(get_report\)$/,
    );
  }, 120_000);
});

describe('submit_feed cancelled as a task', () => {
  it('IN_QUEUE: cancelFeed is sent, the feed is CANCELLED upstream, and the cancel answer says so', async () => {
    s = await startSp(
      {
        ...ENV,
        SP_API_TOOLSETS: 'curated,feeds',
        SP_API_ENABLE_WRITES: 'true',
        OBMCP_MOCK_SP_FEED_QUEUED_POLLS: '100000',
      },
      true,
    );
    const server = s;
    const taskId = await submitFeed(server);
    await until(async () => (await statusOf(server, taskId)).statusMessage === 'IN_QUEUE', 'IN_QUEUE');
    const cancelled = await cancel(server, taskId);
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatch(/^DELETE \/feeds\/2021-06-30\/feeds\/\S+$/);
    const feedId = deletes[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; feed ${feedId} cancelled at Amazon (cancelFeed) before it was processed`,
    );
    const { structuredContent } = await server.client.callTool({ name: 'get_feed', arguments: { feedId } });
    expect(structuredContent).toMatchObject({ processingStatus: 'CANCELLED' });
  });
});

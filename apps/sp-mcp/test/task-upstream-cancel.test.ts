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

  /** The report's status checks (GET …/reports/<id>) the mocks received so far, in flight or answered. */
  const statusChecks = (server: TestServer) =>
    requests(server).filter((r) => r.startsWith('GET /reports/2021-06-30/reports/'));

  it('cancelled while its first status check is in flight: the new report is cancelled at Amazon', async () => {
    // IN_QUEUE for the first quarter of 10 minutes; every SP-API answer takes 1.5 s.
    s = await startSp({ ...ENV, OBMCP_MOCK_SP_REPORT_MS: '600000', OBMCP_MOCK_LATENCY_MS: '1500' }, true);
    const server = s;
    const taskId = await runReport(server);
    await until(async () => statusChecks(server).length > 0, 'the first getReport');
    const cancelled = await cancel(server, taskId);
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    const reportId = deletes[0]?.split('/').at(-1) ?? '';
    expect(statusChecks(server)).toEqual([`GET /reports/2021-06-30/reports/${reportId}`]);
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; report ${reportId} cancelled at Amazon (cancelReport)`,
    );
  }, 60_000);

  it('IN_QUEUE at the last check but processing by the cancel: the refused cancelReport is said', async () => {
    // IN_QUEUE for 2.75 s after its creation: the first check (1.5 s later) sees it queued; the cancel, answered
    // at least 1.5 s after that check, finds it IN_PROGRESS.
    s = await startSp({ ...ENV, OBMCP_MOCK_SP_REPORT_MS: '11000', OBMCP_MOCK_LATENCY_MS: '1500' }, true);
    const server = s;
    const taskId = await runReport(server);
    await until(async () => statusChecks(server).length > 1, 'the second getReport');
    const cancelled = await cancel(server, taskId);
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    const reportId = deletes[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toMatch(
      new RegExp(
        `^cancelled by the client; the upstream cancel of report ${reportId} failed \\(.+\\): it may still run upstream$`,
      ),
    );
  }, 60_000);

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

  /** The feed's status checks (GET …/feeds/<id>) the mocks received so far, in flight or answered. */
  const statusChecks = (server: TestServer) =>
    requests(server).filter((r) => r.startsWith('GET /feeds/2021-06-30/feeds/'));

  it('cancelled while its first status check is in flight: the new feed is cancelled at Amazon', async () => {
    s = await startSp(
      {
        ...ENV,
        SP_API_TOOLSETS: 'curated,feeds',
        SP_API_ENABLE_WRITES: 'true',
        OBMCP_MOCK_SP_FEED_QUEUED_POLLS: '100000',
        // Every SP-API answer takes 1.5 s: the cancel lands while getFeed is on its way.
        OBMCP_MOCK_LATENCY_MS: '1500',
      },
      true,
    );
    const server = s;
    const taskId = await submitFeed(server);
    await until(async () => statusChecks(server).length > 0, 'the first getFeed');
    const cancelled = await cancel(server, taskId);
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    const feedId = deletes[0]?.split('/').at(-1) ?? '';
    expect(statusChecks(server)).toEqual([`GET /feeds/2021-06-30/feeds/${feedId}`]);
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; feed ${feedId} cancelled at Amazon (cancelFeed) before it was processed`,
    );
  }, 60_000);

  it('IN_QUEUE at the last check but processing by the cancel: the refused cancelFeed is said, the feed may still run', async () => {
    s = await startSp(
      {
        ...ENV,
        SP_API_TOOLSETS: 'curated,feeds',
        SP_API_ENABLE_WRITES: 'true',
        // IN_QUEUE at the first getFeed; the second moves it to IN_PROGRESS (before its slow answer arrives).
        OBMCP_MOCK_SP_FEED_QUEUED_POLLS: '1',
        OBMCP_MOCK_LATENCY_MS: '1500',
      },
      true,
    );
    const server = s;
    const taskId = await submitFeed(server);
    await until(async () => statusChecks(server).length > 1, 'the second getFeed');
    const cancelled = await cancel(server, taskId);
    const deletes = requests(server).filter((r) => r.startsWith('DELETE '));
    expect(deletes).toHaveLength(1);
    const feedId = deletes[0]?.split('/').at(-1) ?? '';
    expect(cancelled.statusMessage).toMatch(
      new RegExp(
        `^cancelled by the client; the upstream cancel of feed ${feedId} failed \\(.+\\): it may still run upstream$`,
      ),
    );
  }, 60_000);

  it('IN_PROGRESS: no cancelFeed (Amazon refuses it), and the cancel answer says the feed may still be applied', async () => {
    // The feed is IN_QUEUE at the first getFeed, IN_PROGRESS at the second; polls 5 s apart (10 s at half speed).
    s = await startSp(
      {
        ...ENV,
        SP_API_TOOLSETS: 'curated,feeds',
        SP_API_ENABLE_WRITES: 'true',
        OBMCP_MOCK_SP_FEED_QUEUED_POLLS: '1',
        OBMCP_MOCK_RATE_SCALE: '2',
      },
      true,
    );
    const server = s;
    const taskId = await submitFeed(server);
    await until(
      async () => (await statusOf(server, taskId)).statusMessage === 'IN_PROGRESS',
      'IN_PROGRESS',
      30_000,
    );
    const cancelled = await cancel(server, taskId);
    expect(cancelled.status).toBe('cancelled');
    expect(requests(server).filter((r) => r.startsWith('DELETE '))).toEqual([]);
    const feedId = requests(server)
      .filter((r) => r.startsWith('GET /feeds/2021-06-30/feeds/'))
      .at(-1)
      ?.split('/')
      .at(-1);
    expect(cancelled.statusMessage).toBe(
      `cancelled by the client; feed ${feedId} was IN_PROGRESS: Amazon cancels only IN_QUEUE feeds, so it may still be applied (get_feed)`,
    );
  }, 60_000);
});

// run_report as an MCP task over stdio (against the mocks): declared, run to completion, progress inline, failure.
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/core';
import type { Task } from '@modelcontextprotocol/client';
import type { Envelope } from '@obmcp/contract';
import { assertEnvelope, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

let s: TestServer;
const statuses: Task[] = [];
beforeAll(async () => {
  // run_report is listed with the reports toolset (the default tools/list stays within its budget).
  s = await startSp(
    {
      SP_API_TOOLSETS: 'curated,reports,feeds',
      SP_API_ENABLE_WRITES: 'true',
      OBMCP_TASK_POLL_INTERVAL_MS: '100',
    },
    true,
  );
  s.client.setNotificationHandler(
    'notifications/tasks/status',
    { params: TaskStatusNotificationParamsSchema },
    (params) => {
      statuses.push(params as Task);
    },
  );
}, 30_000);
afterAll(async () => s?.close());

const createTask = (args: Record<string, unknown>) =>
  s.client.request(
    { method: 'tools/call', params: { name: 'run_report', arguments: args, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );
const taskResult = (taskId: string) =>
  s.client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema);

describe('run_report (create → wait → download)', () => {
  it('declares execution.taskSupport', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.find((t) => t.name === 'run_report')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((t) => t.name === 'create_report')?.execution).toBeUndefined();
  });

  it('as a task: create, poll, download; the result is the document with its _meta; notifications in order', async () => {
    const { task } = await createTask({ reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] });
    expect(task.status).toBe('working');
    const final = await taskResult(task.taskId);
    expect(final.structuredContent).toMatchObject({
      processingStatus: 'DONE',
      ready: true,
      truncated: false,
    });
    expect(String((final.structuredContent as { content?: unknown }).content)).toContain('SKU-1000');
    expect((final.structuredContent as { _meta?: { request_id?: unknown } })._meta?.request_id).toBeTypeOf(
      'string',
    );
    const paths = s.upstreamRequests().map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(paths.filter((p) => p.includes('/reports/2021-06-30/'))).toEqual([
      'POST /reports/2021-06-30/reports',
      expect.stringMatching(/^GET \/reports\/2021-06-30\/reports\/\w+$/),
      expect.stringMatching(/^GET \/reports\/2021-06-30\/documents\//),
    ]);
    const get = await s.client.request(
      { method: 'tasks/get', params: { taskId: task.taskId } },
      GetTaskResultSchema,
    );
    expect(get.status).toBe('completed');
    const mine = statuses.filter((t) => t.taskId === task.taskId).map((t) => t.status);
    expect(mine.at(-1)).toBe('completed');
    expect(mine.slice(0, -1).every((st) => st === 'working')).toBe(true);
  });

  it('inline with a progressToken: a progress notification per status, the same result shape', async () => {
    const seen: { message?: string }[] = [];
    const r = await s.client.callTool(
      {
        name: 'run_report',
        arguments: { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
      },
      { onprogress: (p) => seen.push(p) },
    );
    expect(r.structuredContent).toMatchObject({ processingStatus: 'DONE', ready: true });
    expect(seen.map((p) => p.message)).toEqual(['DONE']);
  });

  it('a failing task ends failed with a schema-valid envelope', async () => {
    const { task } = await createTask({
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      marketplaceIds: ['NOT-A-MARKET'],
    });
    const final = await taskResult(task.taskId);
    expect(final.isError).toBe(true);
    const envelope = JSON.parse((final.content as { text: string }[])[0]?.text ?? '') as Envelope;
    assertEnvelope(envelope);
    expect(envelope.tool).toBe('run_report');
  });
});

describe('submit_feed (document + upload → createFeed → wait → processing report)', () => {
  it('as a task: IN_QUEUE → IN_PROGRESS → DONE, the result carries the processing report', async () => {
    const content = JSON.stringify({
      header: { sellerId: 'A2MOCKSELLER01', version: '2.0' },
      messages: [{ messageId: 1, sku: 'SKU-1000', operationType: 'DELETE' }],
    });
    const { task } = await s.client.request(
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
          task: {},
        },
      },
      CreateTaskResultSchema,
    );
    const final = await taskResult(task.taskId);
    expect(final.structuredContent).toMatchObject({
      processingStatus: 'DONE',
      ready: true,
      processingReport: { summary: { messagesProcessed: 1, messagesAccepted: 1, errors: 0 } },
    });
    const mine = statuses
      .filter((t) => t.taskId === task.taskId)
      .map((t) => `${t.status}:${t.statusMessage}`);
    expect(mine).toEqual(['working:IN_QUEUE', 'working:IN_PROGRESS', 'working:DONE', 'completed:DONE']);
    const { tools } = await s.client.listTools();
    expect(tools.find((t) => t.name === 'submit_feed')?.execution).toEqual({ taskSupport: 'optional' });
  });
});

// run_report as an MCP task, in process and over two HTTP replicas sharing a real redis-server (against the mocks).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/core';
import { type ProtocolError, ProtocolErrorCode, type Task } from '@modelcontextprotocol/client';
import type { Envelope } from '@obmcp/contract';
import {
  appEntry,
  assertEnvelope,
  directFetch,
  HAS_REDIS,
  MOCKS_PRELOAD,
  REPO_ROOT,
  type RedisProcess,
  type RunningHttp,
  startHttp,
  startInProcess,
  startRedis,
  type TestServer,
} from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_PROFILE } from './helpers.js';
import { app } from '../src/app.js';

const BASE_ENV = { CODE_MODE: 'off', ADS_API_PROFILE_ID: String(US_PROFILE) };

type Requester = Pick<Client, 'request'>;

let dates = 0;
/** A report request nobody asked for yet (the mock reuses a queued duplicate). */
function report(extra: Record<string, unknown> = {}) {
  dates++;
  const day = String(1 + (dates % 27)).padStart(2, '0');
  return {
    startDate: `2025-${String(1 + (dates % 12)).padStart(2, '0')}-${day}`,
    endDate: `2025-${String(1 + (dates % 12)).padStart(2, '0')}-${day}`,
    reportTypeId: 'spCampaigns',
    groupBy: ['campaign'],
    columns: ['impressions', 'clicks', 'campaignId'],
    ...extra,
  };
}

const create = (c: Requester, args: Record<string, unknown>) =>
  c.request(
    { method: 'tools/call', params: { name: 'run_report', arguments: args, task: { ttl: 120_000 } } },
    CreateTaskResultSchema,
  );
const get = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
const result = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, { timeout: 30_000 });
const cancel = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);

/** getReport requests the mocks received (the polls), from a request log. */
const polls = (requests: { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'GET' && /\/reporting\/reports\/[^/]+$/.test(new URL(r.url).pathname))
    .length;

/** Waits until `check` holds, running `step` (e.g. one tasks/get) before each look. */
async function until(
  check: () => boolean,
  what: string,
  ms = 15_000,
  step: () => Promise<void> = async () => undefined,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await step();
    if (check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('run_report as a task', () => {
  let s: TestServer;
  const statuses: Task[] = [];
  beforeAll(async () => {
    s = await startInProcess({
      app,
      env: { ...BASE_ENV, ADS_API_TOOLSETS: 'curated,amc', OBMCP_TASK_POLL_INTERVAL_MS: '100' },
      recordUpstream: true,
    });
    s.client.setNotificationHandler(
      'notifications/tasks/status',
      { params: TaskStatusNotificationParamsSchema },
      (params) => {
        statuses.push(params as Task);
      },
    );
  }, 30_000);
  afterAll(async () => s?.close());

  it('declares execution.taskSupport on run_report only among the report tools', async () => {
    const { tools } = await s.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('run_report')?.execution).toEqual({ taskSupport: 'optional' });
    expect(byName.get('run_amc_query')?.execution).toEqual({ taskSupport: 'optional' });
    expect(byName.get('create_report')?.execution).toBeUndefined();
  });

  it('runs to completion: status notifications in order, the result keeps its _meta', async () => {
    const { task } = await create(s.client, report());
    const final = await result(s.client, task.taskId);
    expect(final.structuredContent).toMatchObject({ ready: true, status: 'COMPLETED', totalRows: 5 });
    expect((final.structuredContent as { _meta?: Record<string, unknown> })._meta).toBeDefined();
    await until(
      () => statuses.some((t) => t.taskId === task.taskId && t.status === 'completed'),
      'completed',
    );
    const mine = statuses
      .filter((t) => t.taskId === task.taskId)
      .map((t) => `${t.status}:${t.statusMessage}`);
    expect(mine).toEqual([
      'working:PENDING',
      'working:PROCESSING',
      'working:COMPLETED',
      'completed:COMPLETED',
    ]);
  });

  it('run_amc_query as a task: PENDING → RUNNING → SUCCEEDED, then the download URLs', async () => {
    const { task } = await s.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'run_amc_query',
          arguments: {
            instanceId: 'amcabc123def',
            sqlQuery: 'SELECT 1 FROM dsp_impressions',
            timeWindowType: 'MOST_RECENT_WEEK',
          },
          task: {},
        },
      },
      CreateTaskResultSchema,
    );
    const final = await result(s.client, task.taskId);
    expect(final.structuredContent).toMatchObject({ status: 'SUCCEEDED', ready: true });
    expect((final.structuredContent as { downloadUrls?: unknown[] }).downloadUrls).toHaveLength(1);
    await until(
      () => statuses.some((t) => t.taskId === task.taskId && t.status === 'completed'),
      'completed',
    );
    const mine = statuses
      .filter((t) => t.taskId === task.taskId)
      .map((t) => `${t.status}:${t.statusMessage}`);
    expect(mine).toEqual(['working:PENDING', 'working:RUNNING', 'working:SUCCEEDED', 'completed:SUCCEEDED']);
  });

  it('inline with a progressToken: notifications/progress per status; same result as without', async () => {
    const seen: { progress: number; message?: string }[] = [];
    const args = report();
    const withProgress = await s.client.callTool(
      { name: 'run_report', arguments: args },
      {
        onprogress: (p) => seen.push(p),
      },
    );
    expect(withProgress.structuredContent).toMatchObject({ ready: true, totalRows: 5 });
    expect(seen.map((p) => p.message)).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3]);
  });

  it('a failing task ends failed with a schema-valid envelope as its result', async () => {
    const { task } = await create(s.client, report({ startDate: '2025-03-09', endDate: '2025-03-01' }));
    const final = await result(s.client, task.taskId);
    expect(final.isError).toBe(true);
    const envelope = JSON.parse((final.content as { text: string }[])[0]?.text ?? '') as Envelope;
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({ error_code: 'INPUT_VALIDATION_FAILED', tool: 'run_report' });
    expect(envelope.summary).toBe('endDate is before startDate.');
    expect((await get(s.client, task.taskId)).status).toBe('failed');
  });
});

describe('a task cancelled mid-poll', () => {
  it('makes no upstream request after the cancel (counted by the mock)', async () => {
    const s = await startInProcess({
      app,
      env: { ...BASE_ENV, OBMCP_MOCK_ADS_REPORT_POLLS: '100000' },
      recordUpstream: true,
    });
    try {
      const { task } = await create(s.client, report());
      await until(() => polls(s.upstreamRequests()) >= 3, 'three polls');
      expect((await cancel(s.client, task.taskId)).status).toBe('cancelled');
      const seen = polls(s.upstreamRequests());
      // The cadence doubles from 20 ms: two more polls would have come within this wait.
      await new Promise((r) => setTimeout(r, 800));
      expect(polls(s.upstreamRequests())).toBe(seen);
      const error = await result(s.client, task.taskId).catch((e: unknown) => e);
      expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
    } finally {
      await s.close();
    }
  }, 30_000);
});

describe.skipIf(!HAS_REDIS)('two HTTP replicas sharing a real redis-server', () => {
  let redis: RedisProcess;
  let dir: string;
  const replicas: RunningHttp[] = [];
  const clients: Client[] = [];
  let logA: string;
  const prefix = `ads-tasks-${Date.now()}:`;

  async function replica(log: string, extra: Record<string, string> = {}): Promise<RunningHttp> {
    const http = await startHttp(['--import', MOCKS_PRELOAD, appEntry('ads-mcp')], REPO_ROOT, 60_000, {
      ...BASE_ENV,
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_KEY_PREFIX: prefix,
      OBMCP_MOCK_ADS_REPORT_POLLS: '100000',
      OBMCP_MOCK_REQUEST_LOG: log,
      OBMCP_TASK_POLL_INTERVAL_MS: '100',
      ...extra,
    });
    replicas.push(http);
    return http;
  }

  async function clientOf(url: string): Promise<Client> {
    const client = new Client({ name: 'ads-tasks-http', version: '0.0.0' });
    // directFetch: this process's msw (the in-process servers above) would intercept the replica's own URL.
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: directFetch }));
    clients.push(client);
    return client;
  }

  const logged = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { method: string; url: string });

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'ads-tasks-'));
    logA = join(dir, 'a.jsonl');
    writeFileSync(logA, '');
    writeFileSync(join(dir, 'b.jsonl'), '');
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const r of replicas) await r.stop();
    await redis?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Replica A and B, started by the first test. Task owner leases of 5 s (renewed every 1.7 s), so a lost owner
   * shows soon; shorter ones lapsed under CI load (a replica's event loop stalled past 1 s: its mocks load the
   * reporting spec synchronously on first use), and a live task read on B was already failed.
   */
  let a: RunningHttp | undefined;
  let onA: Client;
  let onB: Client;

  it('a task created on A is read on B and cancelled through B: A stops polling', async () => {
    const lease = { OBMCP_TASK_LEASE_MS: '5000' };
    const [startedA, b] = await Promise.all([replica(logA, lease), replica(join(dir, 'b.jsonl'), lease)]);
    a = startedA;
    onA = await clientOf(startedA.url);
    onB = await clientOf(b.url);
    const { task } = await create(onA, report());
    await until(() => polls(logged(logA)) >= 3, 'three polls on A');
    expect((await get(onB, task.taskId)).status).toBe('working');
    expect((await cancel(onB, task.taskId)).status).toBe('cancelled');
    const seen = polls(logged(logA));
    await new Promise((r) => setTimeout(r, 800));
    expect(polls(logged(logA))).toBe(seen);
    expect((await get(onA, task.taskId)).status).toBe('cancelled');
    expect(polls(logged(join(dir, 'b.jsonl')))).toBe(0);
    // One that ends on A (its wait runs out: ready false, a partial_results warning) is fetched on B.
    const short = await create(onA, report({ waitSeconds: 1 }));
    const fetched = await result(onB, short.task.taskId);
    expect(fetched.structuredContent).toMatchObject({ ready: false, status: 'PROCESSING' });
    const meta = (fetched.structuredContent as { _meta?: { warnings?: { kind: string }[] } })._meta;
    expect(meta?.warnings?.[0]?.kind).toBe('partial_results');
    expect((await get(onB, short.task.taskId)).status).toBe('completed');
  }, 60_000);

  it('a task whose replica is killed mid-task ends failed on the other one (TASK_OWNER_LOST), never stays working', async () => {
    // A (which ran the tasks above) runs this one and is killed; B survives.
    if (!a) throw new Error('the replicas did not start');
    const logB = join(dir, 'b.jsonl');
    const before = polls(logged(logA));
    const { task } = await create(onA, report());
    await until(() => polls(logged(logA)) >= before + 2, 'two polls on the replica running the task');
    expect((await get(onB, task.taskId)).status).toBe('working');
    a.child.kill('SIGKILL');
    await a.stop();
    // Polled through the survivor: working until the dead replica's lease lapses, then failed for good.
    const seen: string[] = [];
    await until(
      () => seen.at(-1) === 'failed',
      'the lost task to end failed',
      30_000,
      async () => {
        seen.push((await get(onB, task.taskId)).status);
      },
    );
    expect(seen.filter((status) => status !== 'working')).toEqual(['failed']);
    const final = await result(onB, task.taskId);
    expect(final.isError).toBe(true);
    const envelope = JSON.parse((final.content[0] as { text: string }).text) as Envelope;
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'ads_api_client',
      error_code: 'TASK_OWNER_LOST',
      retryable: true,
      tool: 'run_report',
    });
    expect((await get(onB, task.taskId)).status).toBe('failed');
    // The survivor never took the lost task over: it made no poll of its own.
    expect(polls(logged(logB))).toBe(0);
  }, 60_000);
});

// SIGTERM drains MCP tasks (real child processes): no new task; running ones finish within OBMCP_TASK_DRAIN_MS, are handed over, or end TASK_INTERRUPTED.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import { ProtocolError } from '@modelcontextprotocol/client';
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
  type RunningServer,
  startHttp,
  startRedis,
  startServer,
} from '@obmcp/test-kit';
import { dummyCredentialEnv } from '@obmcp/upstream-mocks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, sharedUpstream, until } from '../src/task-processes.js';

const US = 'ATVPDKIKX0DER';
/** run_report is listed with the reports toolset. */
const SP_ENV = { CODE_MODE: 'off', SP_API_TOOLSETS: 'curated,reports', OBMCP_TASK_POLL_INTERVAL_MS: '100' };

type Requester = Pick<Client, 'request'>;
const create = (c: Requester) =>
  c.request(
    {
      method: 'tools/call',
      params: {
        name: 'run_report',
        arguments: { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
        task: { ttl: 300_000 },
      },
    },
    CreateTaskResultSchema,
  );
const get = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
const result = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('SIGTERM over stdio: running tasks finish, new ones are refused', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.close());

  it('a task running at SIGTERM completes, a task-augmented call after it is refused, then the process exits', async () => {
    server = await startServer({
      app: 'sp-mcp',
      env: { ...SP_ENV, OBMCP_MOCK_SP_REPORT_MS: '3000', OBMCP_TASK_DRAIN_MS: '60000' },
    });
    const { client, transport } = server;
    const { task } = await create(client);
    const pid = transport.pid;
    if (pid === null) throw new Error('no child pid');
    process.kill(pid, 'SIGTERM');
    // Wait until the drain started (its log line), so the next call meets it.
    await until(
      async () => server?.stderr() ?? '',
      (text) => text.includes('"tasks draining"'),
      'the drain to start',
    );
    const refused = await create(client).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).message).toMatch(/shutting down \(SIGTERM\): it takes no new task/);
    // The running one is still served and finishes.
    const final = await result(client, task.taskId);
    expect(final.structuredContent).toMatchObject({ processingStatus: 'DONE', ready: true });
    await until(
      async () => alive(pid),
      (running) => !running,
      'the process to exit',
    );
    const lines = server.stderr();
    expect(lines).toContain('"tasks drained"');
    expect(lines).toMatch(/"finished":1,"handedOver":0,"interrupted":0/);
  });
});

describe.skipIf(!HAS_REDIS)('SIGTERM over HTTP with Redis: a task that outlives the drain bound', () => {
  let redis: RedisProcess;
  const replicas: RunningHttp[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const r of replicas) await r.stop();
    await redis?.kill();
  });

  async function clientOf(url: string): Promise<Client> {
    const client = new Client({ name: 'task-drain', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: directFetch }));
    clients.push(client);
    return client;
  }

  it('ends failed with TASK_INTERRUPTED (retryable) read through the other replica, and the replica exits 0', async () => {
    redis = await startRedis();
    const env = {
      ...SP_ENV,
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_KEY_PREFIX: `drain-${Date.now()}:`,
      // A feed that stays IN_QUEUE against a 1.5 s drain bound (submit_feed cannot be resumed elsewhere).
      SP_API_TOOLSETS: 'curated,feeds',
      SP_API_ENABLE_WRITES: 'true',
      OBMCP_MOCK_SP_FEED_QUEUED_POLLS: '100000',
      OBMCP_TASK_DRAIN_MS: '1500',
    };
    const args = ['--import', MOCKS_PRELOAD, appEntry('sp-mcp')];
    const [a, b] = await Promise.all([
      startHttp(args, REPO_ROOT, 60_000, env),
      startHttp(args, REPO_ROOT, 60_000, env),
    ]);
    replicas.push(a, b);
    const onA = await clientOf(a.url);
    const onB = await clientOf(b.url);
    const { task } = await onA.request(
      {
        method: 'tools/call',
        params: {
          name: 'submit_feed',
          arguments: {
            feedType: 'JSON_LISTINGS_FEED',
            marketplaceIds: [US],
            contentType: 'application/json; charset=UTF-8',
            content: JSON.stringify({ header: { sellerId: 'A2MOCKSELLER01', version: '2.0' }, messages: [] }),
          },
          task: { ttl: 300_000 },
        },
      },
      CreateTaskResultSchema,
    );
    await until(
      () => get(onB, task.taskId),
      (t) => t.status === 'working' && t.statusMessage !== undefined,
      'the job to be polled',
    );
    const exited = exitOf(a.child);
    a.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const ended = await get(onB, task.taskId);
    expect(ended.status).toBe('failed');
    expect(ended.statusMessage).toMatch(/^interrupted: the server shut down \(SIGTERM\)/);
    const final = await result(onB, task.taskId);
    expect(final.isError).toBe(true);
    const envelope = JSON.parse((final.content as { text: string }[])[0]?.text ?? '') as Envelope;
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'TASK_INTERRUPTED',
      retryable: true,
      tool: 'submit_feed',
    });
    expect(a.stderr()).toMatch(/"tasks drained".*"handedOver":0,"interrupted":1/);
  });
});

describe.skipIf(!HAS_REDIS)('SIGTERM over HTTP with Redis: a resumable task is handed over', () => {
  let redis: RedisProcess;
  let upstream: { url: string; stop: () => void } | undefined;
  let dir: string;
  const replicas: RunningHttp[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const r of replicas) await r.stop();
    upstream?.stop();
    await redis?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('run_report moves to the other replica, which waits on the same report (no second createReport) and completes', async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'obmcp-handover-'));
    const log = join(dir, 'upstream.jsonl');
    writeFileSync(log, '');
    // A report that takes 8 s (IN_QUEUE for 2 s), against a 1 s drain bound.
    upstream = await sharedUpstream({ OBMCP_MOCK_SP_REPORT_MS: '8000', OBMCP_MOCK_REQUEST_LOG: log });
    const env = {
      ...dummyCredentialEnv(),
      ...SP_ENV,
      OBMCP_BENCH_UPSTREAM_URL: upstream.url,
      OBMCP_REDIS_URL: redis.url,
      OBMCP_REDIS_KEY_PREFIX: `handover-${Date.now()}:`,
      OBMCP_TASK_DRAIN_MS: '1000',
    };
    const args = ['--import', join(REPO_ROOT, 'bench/jobs/forward-preload.mjs'), appEntry('sp-mcp')];
    const [a, b] = await Promise.all([
      startHttp(args, REPO_ROOT, 60_000, env),
      startHttp(args, REPO_ROOT, 60_000, env),
    ]);
    replicas.push(a, b);
    const onA = await (async () => {
      const client = new Client({ name: 'task-handover', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(a.url), { fetch: directFetch }));
      clients.push(client);
      return client;
    })();
    const onB = new Client({ name: 'task-handover', version: '0.0.0' });
    await onB.connect(new StreamableHTTPClientTransport(new URL(b.url), { fetch: directFetch }));
    clients.push(onB);
    const { task } = await create(onA);
    await until(
      () => get(onB, task.taskId),
      (t) => t.status === 'working' && t.statusMessage !== undefined,
      'the job to be polled',
    );
    const exited = exitOf(a.child);
    a.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(a.stderr()).toMatch(/"tasks drained".*"handedOver":1,"interrupted":0/);
    // B claims it at its first read and waits on the same report.
    const final = await result(onB, task.taskId);
    expect(final.structuredContent).toMatchObject({ processingStatus: 'DONE', ready: true });
    expect((await get(onB, task.taskId)).status).toBe('completed');
    expect(b.stderr()).toContain('"task resumed"');
    const requests = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { method: string; url: string });
    const creates = requests.filter(
      (r) => r.method === 'POST' && new URL(r.url).pathname === '/reports/2021-06-30/reports',
    );
    expect(creates).toHaveLength(1);
  });
});

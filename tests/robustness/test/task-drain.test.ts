// SIGTERM drains MCP tasks (real child processes): no new task, running ones finish within OBMCP_TASK_DRAIN_MS or end TASK_INTERRUPTED.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
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
import { afterAll, describe, expect, it } from 'vitest';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the exit code once the child exited (or null if it is still running after `ms`). */
function exitOf(child: { exitCode: number | null; once(e: 'exit', l: (code: number | null) => void): void }) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
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
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).message).toMatch(/shutting down \(SIGTERM\): it takes no new task/);
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
    expect(lines).toMatch(/"finished":1,"interrupted":0/);
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
      // A report that takes 10 minutes against a 1.5 s drain bound.
      OBMCP_MOCK_SP_REPORT_MS: '600000',
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
    const { task } = await create(onA);
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
      tool: 'run_report',
    });
    expect(a.stderr()).toMatch(/"tasks drained".*"interrupted":1/);
  });
});

// MCP tasks shared through a real redis-server: two HTTP replicas (each its own server and store), one task.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { createContractServer } from '@obmcp/mcp-server/server';
import { type HttpServerHandle, HTTP_DEFAULTS, startHttpServer } from '@obmcp/mcp-server/http';
import { pollJob, readTaskSettings } from '@obmcp/mcp-server/tasks';
import type { ServerProfile, ToolDefinition } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTaskRecords } from '../src/tasks/redis-task-records.js';

/** The fake upstream both replicas poll (one process): every status request counted. */
const upstream = { requests: [] as number[], pollsToFinish: 3 };

const jobTool: ToolDefinition = {
  name: 'run_job',
  description: 'Waits on a fake upstream job (test tool).',
  taskSupport: 'optional',
  inputSchema: { type: 'object', properties: { forever: { type: 'boolean' } }, examples: [{}] },
  handler: async (args, call) => {
    let polls = 0;
    const { value } = await pollJob(call, {
      poll: async () => {
        upstream.requests.push(Date.now());
        polls++;
        return args.forever === true || polls < upstream.pollsToFinish ? 'RUNNING' : 'DONE';
      },
      state: (status) => ({ status, done: status === 'DONE' }),
      delayMs: () => 20,
    });
    return { status: value, polls };
  },
};

const PROFILE: ServerProfile = {
  name: 'tasks-replica',
  version: '0.0.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: ['mcp_input_validation', 'tool_not_found', 'sp_api_http', 'sp_api_client', 'internal_error'],
};

describe.skipIf(!HAS_REDIS)('tasks across two HTTP replicas sharing Redis', { timeout: 30_000 }, () => {
  let redis: RedisProcess;
  const handles: HttpServerHandle[] = [];
  const stores: RedisTaskRecords[] = [];
  const clients: Client[] = [];
  const prefix = `t:${Date.now()}:task:`;

  async function replica(): Promise<{ url: string; records: RedisTaskRecords; handle: HttpServerHandle }> {
    const records = new RedisTaskRecords(new Redis(redis.url), new Redis(redis.url), {
      keyPrefix: prefix,
      maxTasksPerOwner: 100,
    });
    stores.push(records);
    const { newServer } = createContractServer({
      profile: PROFILE,
      tools: [jobTool],
      env: {},
      logger: silentLogger,
      taskRecords: records,
      taskSettings: { ...readTaskSettings({}), pollIntervalMs: 100 },
    });
    const handle = await startHttpServer(
      newServer,
      { ...HTTP_DEFAULTS, port: 0, shutdownTimeoutMs: 500 },
      silentLogger,
    );
    handles.push(handle);
    records.onCancel(() => undefined);
    await records.ready();
    return { url: `http://127.0.0.1:${handle.port}/mcp`, records, handle };
  }

  async function clientOf(url: string, token = 'alice-token'): Promise<Client> {
    const client = new Client({ name: 'replica-test', version: '0.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const create = (c: Client, args: Record<string, unknown> = {}) =>
    c.request(
      { method: 'tools/call', params: { name: 'run_job', arguments: args, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
  const get = (c: Client, taskId: string) =>
    c.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
  const result = (c: Client, taskId: string) =>
    c.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema);
  const cancel = (c: Client, taskId: string) =>
    c.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);

  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const h of handles) await h.close('test over').catch(() => undefined);
    for (const s of stores) await s.close();
    await redis?.kill();
  });

  it('a task created on replica A is polled and fetched on replica B', async () => {
    const a = await replica();
    const b = await replica();
    const onA = await clientOf(a.url);
    const onB = await clientOf(b.url);
    const { task } = await create(onA);
    expect(['working', 'completed']).toContain((await get(onB, task.taskId)).status);
    const final = await result(onB, task.taskId);
    expect(final.structuredContent).toMatchObject({ status: 'DONE', polls: 3 });
    expect((await get(onB, task.taskId)).status).toBe('completed');
    // Other credentials see nothing, on either replica.
    const mallory = await clientOf(b.url, 'mallory-token');
    const error = await get(mallory, task.taskId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
    expect(
      (await mallory.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema)).tasks,
    ).toEqual([]);
  });

  it('a task running on replica A is cancelled through replica B: A makes no upstream request after it', async () => {
    const a = await replica();
    const b = await replica();
    const onA = await clientOf(a.url);
    const onB = await clientOf(b.url);
    const { task } = await create(onA, { forever: true });
    const start = upstream.requests.length;
    while (upstream.requests.length < start + 3) await new Promise((r) => setTimeout(r, 5));
    const cancelled = await cancel(onB, task.taskId);
    expect(cancelled.status).toBe('cancelled');
    // Replica A (running it) said what its cancel did upstream, through Redis, before B answered.
    expect(cancelled.statusMessage).toMatch(/^cancelled by the client; no upstream cancel was sent/);
    const seen = upstream.requests.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(upstream.requests.length).toBe(seen);
    expect((await get(onA, task.taskId)).status).toBe('cancelled');
    const again = await cancel(onA, task.taskId).catch((e: unknown) => e);
    expect((again as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
  });

  it("another caller's task is 'not found' on every path and every replica, exactly like an unknown id", async () => {
    const a = await replica();
    const b = await replica();
    const onA = await clientOf(a.url);
    const { task } = await create(onA, { forever: true });
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const as = (error: unknown, id: string) => {
      expect(error).toBeInstanceOf(ProtocolError);
      const e = error as ProtocolError;
      return { code: e.code, message: e.message.replace(id, 'ID') };
    };
    for (const url of [a.url, b.url]) {
      const mallory = await clientOf(url, 'mallory-token');
      for (const [path, call] of [
        ['get', get],
        ['result', result],
        ['cancel', cancel],
      ] as const) {
        const other = as(await call(mallory, task.taskId).catch((e: unknown) => e), task.taskId);
        const missing = as(await call(mallory, unknown).catch((e: unknown) => e), unknown);
        expect({ path, ...other }).toEqual({ path, ...missing });
        expect(other.code).toBe(ProtocolErrorCode.InvalidParams);
      }
      const listed = await mallory.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
      expect(listed.tasks).toEqual([]);
    }
    // Nothing of it changed: still running for its owner, who can cancel it.
    expect((await get(onA, task.taskId)).status).toBe('working');
    expect((await cancel(onA, task.taskId)).status).toBe('cancelled');
  });

  it('a replica that restarts loses nothing: a new one serves the finished result', async () => {
    const a = await replica();
    const onA = await clientOf(a.url);
    const { task } = await create(onA);
    await result(onA, task.taskId);
    await a.handle.close('restart');
    await a.records.close();
    const fresh = await replica();
    const onFresh = await clientOf(fresh.url);
    expect((await result(onFresh, task.taskId)).structuredContent).toMatchObject({ status: 'DONE' });
  });

  it('a lease lives in Redis next to the record: renewed it holds, lapsed the task ends once, atomically', async () => {
    const records = new RedisTaskRecords(new Redis(redis.url), new Redis(redis.url), {
      keyPrefix: prefix,
      maxTasksPerOwner: 100,
    });
    stores.push(records);
    const at = new Date().toISOString();
    const task = {
      taskId: '00000000-0000-4000-8000-000000000001',
      status: 'working' as const,
      ttl: 60_000,
      createdAt: at,
      lastUpdatedAt: at,
    };
    const record = { task, owner: 'alice', tool: 'run_job', expiresAt: Date.now() + 60_000 };
    expect(await records.insert(record, 300)).toBe(true);
    const ended = { ...record, task: { ...task, status: 'failed' as const }, result: { content: [] } };
    expect(await records.endOrphan(ended)).toBe('held');
    expect(await records.leaseHeld(task.taskId)).toBe(true);
    await records.renewLeases([task.taskId], 300);
    expect(await records.endOrphan(ended)).toBe('held');
    const lease = `${prefix}${task.taskId}:lease`;
    const probe = new Redis(redis.url);
    while ((await probe.exists(lease)) === 1) await new Promise((r) => setTimeout(r, 50));
    await probe.quit();
    expect(await records.leaseHeld(task.taskId)).toBe(false);
    expect(await records.endOrphan(ended)).toBe('ok');
    expect(await records.endOrphan(ended)).toBe('terminal');
    expect((await records.read(task.taskId))?.task.status).toBe('failed');
    expect((await records.read(task.taskId))?.result).toEqual({ content: [] });
  });
});

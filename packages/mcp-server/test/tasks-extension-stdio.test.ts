// The Tasks extension over real stdio on the 2026-07-28 path: per-request `_meta` opt-in, flat CreateTaskResult, gating.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnRawStdio } from './http-harness.js';

const SERVER = fileURLToPath(new URL('../dist/example/conformance-server.js', import.meta.url));
const MODERN = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';

interface Answer {
  id?: number;
  result?: Record<string, unknown> & { status?: string; taskId?: string; result?: { content?: unknown[] } };
  error?: { code: number; message: string };
}

describe('Tasks extension over stdio (2026-07-28)', () => {
  let raw: ReturnType<typeof spawnRawStdio>;
  let id = 0;
  beforeAll(() => {
    raw = spawnRawStdio(SERVER, { OBMCP_TASK_POLL_INTERVAL_MS: '100' });
  });
  afterAll(() => {
    raw.child.kill();
  });

  /** One modern request on the shared connection; `tasks`: whether its `_meta` declares the extension. */
  const rpc = async (method: string, params: Record<string, unknown>, tasks = true): Promise<Answer> => {
    const mine = ++id;
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'stdio-ext-test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': tasks ? { extensions: { [TASKS]: {} } } : {},
    };
    raw.send({ id: mine, method, params: { ...params, _meta } });
    const find = () =>
      raw
        .stdout()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Answer)
        .find((m) => m.id === mine);
    await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
    return find() as Answer;
  };

  it('a task-supporting call is a flat CreateTaskResult; tasks/get inlines the result once done', async () => {
    const created = await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 0, label: 'x' } });
    expect(created.error).toBeUndefined();
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(typeof created.result?.taskId).toBe('string');
    for (const key of ['task', 'ttl', 'pollInterval', 'result'])
      expect(created.result).not.toHaveProperty(key);
    const taskId = String(created.result?.taskId);
    let got: Answer = {};
    for (let i = 0; i < 100; i++) {
      got = await rpc('tasks/get', { taskId });
      if (got.result?.status !== 'working') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(got.result).toMatchObject({ resultType: 'complete', taskId, status: 'completed' });
    expect(got.result?.result?.content?.length).toBeGreaterThan(0);
  });

  it('tasks/cancel acks a running task, which then reads cancelled', async () => {
    const created = await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 600 } });
    const taskId = String(created.result?.taskId);
    const ack = await rpc('tasks/cancel', { taskId });
    expect(ack.error).toBeUndefined();
    expect(ack.result?.resultType).toBe('complete');
    expect((await rpc('tasks/get', { taskId })).result?.status).toBe('cancelled');
  });

  it('without the opt-in the call runs inline and the task methods get -32021', async () => {
    const inline = await rpc('tools/call', { name: 'slow_compute', arguments: { seconds: 0 } }, false);
    expect(inline.result?.resultType).toBe('complete');
    expect(inline.result).not.toHaveProperty('taskId');
    for (const method of ['tasks/get', 'tasks/cancel'])
      expect((await rpc(method, { taskId: 'gate' }, false)).error?.code).toBe(-32021);
  });

  it('stdout carried only JSON-RPC lines', () => {
    for (const line of raw
      .stdout()
      .split('\n')
      .filter((l) => l !== ''))
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });
});

// Trace context on a 2025 connection: the caller's traceparent, the negotiated revision and the initialize client on every line of the call.
import { CreateTaskResultSchema } from '@modelcontextprotocol/core';
import type { ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { tool } from './helpers.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const EMPTY = { type: 'object', properties: { fail: { type: 'boolean' } }, examples: [{}] } as const;
const chatty: ToolDefinition = tool('chatty', EMPTY, async (args, call) => {
  call.log.info('upstream request', { host: 'example.test' });
  await new Promise((r) => setTimeout(r, 2));
  call.log.child({ part: 'paging' }).warn('page two');
  if (args.fail === true) throw new Error('upstream client bug');
  return { ok: true };
});

/** Runs as a task: its line is written after the call was answered with the task. */
const background: ToolDefinition = {
  ...tool('background', EMPTY, async (_args, call) => {
    await new Promise((r) => setTimeout(r, 20));
    call.log.info('background work');
    return { done: true };
  }),
  taskSupport: 'optional',
};

async function open() {
  const session = await connectInMemory(
    { tools: [chatty, background] },
    { name: 'legacy-agent', version: '4.5.6' },
  );
  sessions.push(session);
  return session;
}

const linesOf = (session: InMemorySession, msg: string) => session.records().filter((r) => r.msg === msg);

describe('trace context on the 2025 path', () => {
  it('the caller’s trace and span, the negotiated revision and the client of initialize on every line', async () => {
    const session = await open();
    await session.call('chatty', {}, { traceparent: `00-${TRACE}-${SPAN}-01` });
    const expected = {
      trace_id: TRACE,
      parent_span_id: SPAN,
      protocol_version: '2025-11-25',
      client: 'legacy-agent/4.5.6',
      tool: 'chatty',
    };
    expect(linesOf(session, 'upstream request')).toEqual([
      expect.objectContaining({ ...expected, level: 'info', host: 'example.test' }),
    ]);
    expect(linesOf(session, 'page two')).toEqual([
      expect.objectContaining({ ...expected, level: 'warn', part: 'paging' }),
    ]);
  });

  it('the failure line of a crashing call carries the trace too', async () => {
    const session = await open();
    await session.call('chatty', { fail: true }, { traceparent: `00-${TRACE}-${SPAN}-01` });
    expect(linesOf(session, 'tool call failed')).toEqual([
      expect.objectContaining({ level: 'error', trace_id: TRACE, parent_span_id: SPAN, tool: 'chatty' }),
    ]);
  });

  it('without a valid traceparent each call starts its own trace, with no parent span', async () => {
    const session = await open();
    await session.call('chatty');
    await session.call('chatty', {}, { traceparent: `00-${TRACE.toUpperCase()}-${SPAN}-01` });
    const lines = linesOf(session, 'upstream request');
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [Record<string, unknown>, Record<string, unknown>];
    for (const line of lines) {
      expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(line.trace_id).not.toBe(TRACE);
      expect('parent_span_id' in line).toBe(false);
      expect(line).toMatchObject({ protocol_version: '2025-11-25', client: 'legacy-agent/4.5.6' });
    }
    expect(first.trace_id).not.toBe(second.trace_id);
  });

  it('a task’s background run keeps the trace of the call that created it', async () => {
    const session = await open();
    const created = await session.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'background',
          arguments: {},
          task: { ttl: 60_000 },
          _meta: { traceparent: `00-${TRACE}-${SPAN}-01` },
        },
      },
      CreateTaskResultSchema,
    );
    expect(created.task.taskId).toBeTruthy();
    await expect.poll(() => linesOf(session, 'background work').length, { timeout: 10_000 }).toBe(1);
    expect(linesOf(session, 'background work')[0]).toMatchObject({
      trace_id: TRACE,
      parent_span_id: SPAN,
      client: 'legacy-agent/4.5.6',
      tool: 'background',
    });
  });
});

// How a 2025 tools/call is routed by the tool's task support: inline, as a task on params.task, or refused naming the fix.
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import type { ToolDefinition } from '@obmcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tool } from './helpers.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const EMPTY = { type: 'object', properties: {}, examples: [{}] } as const;
const taskTool = (name: string, taskSupport: 'optional' | 'required'): ToolDefinition => ({
  ...tool(name, EMPTY, () => ({ ran: name })),
  taskSupport,
});

let session: InMemorySession;
beforeAll(async () => {
  session = await connectInMemory({
    tools: [taskTool('may_task', 'optional'), taskTool('must_task', 'required')],
  });
});
afterAll(async () => {
  await session.close();
});

const callTool = (name: string, task?: Record<string, unknown>) =>
  session.client.request(
    { method: 'tools/call', params: { name, arguments: {}, ...(task ? { task } : {}) } },
    task ? CreateTaskResultSchema : CallToolResultSchema,
  );

describe('2025-11-25 tools/call routing', () => {
  it('an optional-task tool runs inline without params.task', async () => {
    expect(await callTool('may_task')).toMatchObject({ structuredContent: { ran: 'may_task' } });
  });

  it('with params.task it is answered with the created task at once', async () => {
    const created = (await callTool('may_task', { ttl: 60_000 })) as {
      task: { taskId: string; status: string };
    };
    expect(created.task.taskId).toEqual(expect.any(String));
    expect(created.task.status).toBe('working');
  });

  it('a required-task tool without params.task is -32601 naming the fix', async () => {
    await expect(callTool('must_task')).rejects.toMatchObject({
      code: -32601,
      message: expect.stringContaining(
        'Tool must_task runs only as a task (execution.taskSupport "required"): call it with params.task',
      ),
    });
    const created = (await callTool('must_task', { ttl: 60_000 })) as { task: { taskId: string } };
    expect(created.task.taskId).toEqual(expect.any(String));
  });

  it('a params.task of null is not a task request: the SDK refuses the malformed call, nothing is created', async () => {
    const tasks = async () =>
      (await session.client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema)).tasks
        .length;
    const before = await tasks();
    await expect(
      session.client.request(
        { method: 'tools/call', params: { name: 'may_task', arguments: {}, task: null } } as never,
        CallToolResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Invalid tools/call request') });
    expect(await tasks()).toBe(before);
  });
});

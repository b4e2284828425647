// What a tool's handler is handed: its name, the normalized args and events, a logger naming it, the host, progress only when asked.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { capturingLogger, hostWith, invoke, tool } from './helpers.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const seen: Array<{ args: unknown; call: CallContext }> = [];
const SCHEMA = {
  type: 'object',
  properties: { marketplaceIds: { type: 'array', items: { type: 'string' } } },
  examples: [{}],
} as const;
const recorder: ToolDefinition = tool('recorder', SCHEMA, (args, call) => {
  seen.push({ args, call });
  call.log.info('handler line');
  return { ok: true };
});
const inner: ToolDefinition = tool('inner', SCHEMA, (_args, call) => {
  call.meta.setRequestId('inner-req');
  return { from: 'inner' };
});
/** Calls `inner` through the host, as Code Mode does. */
const outer: ToolDefinition = tool('outer', SCHEMA, async (_args, call) => ({
  nested: await call.host.call('inner', {}),
}));

describe('the handler’s call context', () => {
  it('names the tool, hands the normalized args and the events, and a logger whose lines name the tool', async () => {
    seen.length = 0;
    const captured = capturingLogger();
    const host = hostWith([recorder], {}, captured.logger);
    const { outcome, meta } = await invoke(host, 'recorder', { MarketplaceIds: 'A' });
    expect(outcome).toEqual({ ok: true, value: { ok: true } });
    // the events reach the handler even when MCP_SCHEMA_KEY_NORMALIZATION_META keeps them out of _meta
    expect(meta).toEqual({});
    expect(seen).toHaveLength(1);
    const { args, call } = seen[0] as { args: unknown; call: CallContext };
    expect(args).toEqual({ marketplaceIds: ['A'] });
    expect(call.tool).toBe('recorder');
    expect(call.normalized.map((e) => e.kind)).toEqual(['renamed', 'coerced']);
    expect(call.signal.aborted).toBe(false);
    expect(call.passthrough).toBeUndefined();
    expect(call.progress).toBeUndefined();
    expect(call.reattach).toBeUndefined();
    expect(captured.records().find((r) => r.msg === 'handler line')).toMatchObject({ tool: 'recorder' });
  });

  it('each tool’s log lines name that tool, however many tools log through one server', async () => {
    const captured = capturingLogger();
    const logs = (name: string) =>
      tool(name, SCHEMA, (_args, call) => {
        call.log.info('from handler');
        return {};
      });
    const host = hostWith([logs('first_tool'), logs('second_tool')], {}, captured.logger);
    await invoke(host, 'first_tool', {});
    await invoke(host, 'second_tool', {});
    await invoke(host, 'first_tool', {});
    const lines = captured.records().filter((r) => r.msg === 'from handler');
    expect(lines.map((l) => l.tool)).toEqual(['first_tool', 'second_tool', 'first_tool']);
  });

  it('no arguments at all are an empty object to the handler', async () => {
    seen.length = 0;
    const host = hostWith([recorder]);
    for (const raw of [undefined, null]) {
      const { outcome } = await invoke(host, 'recorder', raw);
      expect(outcome.ok).toBe(true);
    }
    expect(seen.map((s) => s.args)).toEqual([{}, {}]);
  });

  it('an abort of the call reaches the handler’s signal', async () => {
    const waiting = tool('waiting', SCHEMA, (_args, call) => {
      return new Promise((_resolve, reject) =>
        call.signal.addEventListener('abort', () => reject(call.signal.reason)),
      );
    });
    const host = hostWith([waiting]);
    const controller = new AbortController();
    const pending = host.invoke('waiting', {}, { signal: controller.signal, listedOnly: true });
    controller.abort(new Error('caller went away'));
    const { outcome } = await pending;
    expect(outcome.ok).toBe(false);
  });

  it('a client that cancels its call aborts the handler’s signal', async () => {
    let aborted: (reason: unknown) => void = () => undefined;
    const sawAbort = new Promise((resolve) => {
      aborted = resolve;
    });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const waiting = tool('waits_for_cancel', SCHEMA, (_args, call) => {
      started();
      return new Promise((_resolve, reject) =>
        call.signal.addEventListener('abort', () => {
          aborted(call.signal.reason);
          reject(new Error('cancelled'));
        }),
      );
    });
    const session = await connectInMemory({ tools: [waiting] });
    sessions.push(session);
    const controller = new AbortController();
    const call = session.client
      .callTool({ name: 'waits_for_cancel', arguments: {} }, { signal: controller.signal })
      .catch((error: unknown) => error);
    await running;
    controller.abort('user pressed stop');
    await expect(sawAbort).resolves.toBeDefined();
    await call;
  });

  it('a nested host.call gets the inner tool’s value with its own _meta (as Code Mode sees it)', async () => {
    const host = hostWith([outer, inner]);
    const { outcome } = await invoke(host, 'outer', {});
    expect(outcome).toEqual({
      ok: true,
      value: { nested: { ok: true, value: { from: 'inner', _meta: { request_id: 'inner-req' } } } },
    });
  });

  it('progress is handed over only when the request carries a progressToken, and reaches the client', async () => {
    const reporting = tool('reporting', SCHEMA, async (_args, call) => {
      await call.progress?.({ status: 'RUNNING', progress: 50, total: 100 });
      return { progress: call.progress !== undefined };
    });
    const session = await connectInMemory({ tools: [reporting] });
    sessions.push(session);
    const without = await session.call('reporting');
    expect(without.structuredContent).toEqual({ progress: false });
    const updates: unknown[] = [];
    const withToken = await session.client.callTool(
      { name: 'reporting', arguments: {} },
      { onprogress: (p) => updates.push(p) },
    );
    expect(withToken.structuredContent).toEqual({ progress: true });
    expect(updates).toEqual([expect.objectContaining({ progress: 50, total: 100 })]);
  });
});

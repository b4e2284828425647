// Every server's bin on Node 22 and 24, over stdio and Streamable HTTP: initialize, tools/list, an upstream call
// through the mocks, and a bad call answered with a schema-valid v1 envelope; then a clean exit.
import { isEnvelope } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { missingNodeMessage, nodeBinary } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { MOCKS_PRELOAD, ROOT, SMOKE_APPS, SMOKE_MAJORS } from '../src/apps.js';
import { httpSession, type Session, stdioSession } from '../src/rpc.js';

interface ToolInfo {
  name: string;
  inputSchema?: { required?: string[] };
}

const TRANSPORTS = {
  stdio: async (node: string, args: string[]) => stdioSession(node, args, ROOT),
  http: (node: string, args: string[]) => httpSession(node, args, ROOT),
} satisfies Record<string, (node: string, args: string[]) => Promise<Session>>;

function textOf(result: Record<string, unknown> | undefined): string {
  const content = (result?.content ?? []) as { type?: string; text?: string }[];
  return content.find((c) => c.type === 'text')?.text ?? '';
}

describe.concurrent.each(SMOKE_MAJORS)('Node %i', (major) => {
  const node = nodeBinary(major);

  it('has a binary', () => {
    expect(node, missingNodeMessage(major)).toBeDefined();
  });

  describe.each(SMOKE_APPS)('$name', (app) => {
    it.each(Object.keys(TRANSPORTS) as (keyof typeof TRANSPORTS)[])('over %s', async (transport) => {
      if (node === undefined) throw new Error(missingNodeMessage(major));
      const session = await TRANSPORTS[transport](node.path, ['--import', MOCKS_PRELOAD, app.bin]);
      let closed = false;
      try {
        const init = await session.request('initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'obmcp-node-smoke', version: '0.1.0' },
        });
        expect(init.error).toBeUndefined();
        expect((init.result?.serverInfo as { name?: string } | undefined)?.name).toBe(app.name);
        await session.notify('notifications/initialized');

        const list = await session.request('tools/list');
        const tools = (list.result?.tools ?? []) as ToolInfo[];
        expect(tools.map((t) => t.name)).toContain(app.tool);

        const ok = await session.request('tools/call', { name: app.tool, arguments: app.args });
        expect(ok.result?.isError, textOf(ok.result)).not.toBe(true);
        expect(ok.result?.structuredContent ?? textOf(ok.result)).toBeTruthy();

        // A tool with a required argument called without it: the v1 envelope, valid against its schema.
        const strict = tools.find((t) => (t.inputSchema?.required ?? []).length > 0);
        expect(strict, 'a tool with a required argument').toBeDefined();
        const bad = await session.request('tools/call', { name: strict?.name, arguments: {} });
        expect(bad.result?.isError).toBe(true);
        const envelope = JSON.parse(textOf(bad.result)) as unknown;
        expect(isEnvelope(envelope)).toBe(true);
        expect(validateEnvelope(envelope).errors ?? []).toEqual([]);

        const code = await session.close();
        closed = true;
        expect(code, session.stderr()).toBe(0);
        expect(session.stderr()).not.toMatch(/"level":"(error|fatal)"/);
      } finally {
        if (!closed) await session.close();
      }
    });
  });
});

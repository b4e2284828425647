// The bench's bare SDK baselines stay faithful: same upstream answers, and the McpServer one has the obmcp input contracts.
import { join } from 'node:path';
import { isEnvelope } from '@obmcp/contract';
import { MOCKS_PRELOAD, REPO_ROOT, startInProcess, startServer, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appObject } from '../src/app-objects.js';
import { CANARY_ENV } from '../src/canaries.js';
import { APP_ENV, type AppName, requireBuilt } from '../src/servers.js';

/** A bench baseline server (a standalone script) as its own process; the obmcp servers run in this one. */
const baseline = (file: string): Promise<TestServer> =>
  startServer({
    command: process.execPath,
    args: ['--import', MOCKS_PRELOAD, join(REPO_ROOT, 'bench', file)],
    env: { ...CANARY_ENV, ...APP_ENV['ads-mcp'] },
  });

/** Per bench pair: the obmcp tool, the baseline tool, and argument objects on both sides of its input schema. */
const PAIRS: { app: AppName; tool: string; bare: string; valid: object[]; invalid: object[] }[] = [
  {
    app: 'sp-mcp',
    tool: 'get_order',
    bare: 'sp_get_order',
    valid: [{ orderId: '902-3159896-1390916' }],
    invalid: [{}, { orderId: '902-315' }, { orderId: 9023159896 }, { orderId: '902-3159896-1390916', x: 1 }],
  },
  {
    app: 'ads-mcp',
    tool: 'list_profiles',
    bare: 'ads_list_profiles',
    valid: [{}, { accessLevel: 'edit' }, { profileTypeFilter: ['seller', 'vendor'], apiProgram: 'report' }],
    invalid: [
      { accessLevel: 'admin' },
      { profileTypeFilter: [] },
      { profileTypeFilter: ['seller', 'seller'] },
      { apiProgram: 'billing', extra: true },
    ],
  },
  {
    app: 'openbridge-mcp',
    tool: 'get_subscriptions',
    bare: 'ob_get_subscriptions',
    valid: [{}, { status: 'any' }, { status: 'paused', product_id: 50 }],
    invalid: [
      { status: 'gone' },
      { product_id: 0 },
      { product_id: 1.5 },
      { remote_identity_id: 'x' },
      { y: 1 },
    ],
  },
];

const servers: Record<string, TestServer> = {};
beforeAll(async () => {
  for (const p of PAIRS) requireBuilt(p.app);
  const started = await Promise.all([
    baseline('bare-server.mjs'),
    baseline('bare-mcp-server.mjs'),
    ...PAIRS.map(async (p) =>
      startInProcess({
        app: await appObject(p.app),
        env: { ...CANARY_ENV, ...APP_ENV[p.app], OBMCP_MOCK_SP_RATE_HEADER: '1000' },
      }),
    ),
  ]);
  ['server', 'mcp', ...PAIRS.map((p) => p.app)].forEach((name, i) => {
    servers[name] = started[i] as TestServer;
  });
  // The in-process mocks load their spec engine on an API's first request (about a second on a loaded
  // machine, near the mock-mode upstream timeout): one uncounted call per app first.
  for (const p of PAIRS) await call(p.app, p.tool, p.valid[0] as object);
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

const call = async (side: string, name: string, args: object) =>
  (servers[side] as TestServer).client.callTool({ name, arguments: args as Record<string, unknown> });

describe('bench baselines', () => {
  it('both list the three bench tools', async () => {
    for (const side of ['server', 'mcp']) {
      const { tools } = await (servers[side] as TestServer).client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(PAIRS.map((p) => p.bare).sort());
    }
  });

  it.each(PAIRS)('$bare: the upstream call succeeds on both baselines and on $app $tool', async (p) => {
    const [server, mcp, obmcp] = await Promise.all([
      call('server', p.bare, p.valid[0] as object),
      call('mcp', p.bare, p.valid[0] as object),
      call(p.app, p.tool, p.valid[0] as object),
    ]);
    for (const r of [server, mcp, obmcp]) expect(r.isError ?? false).toBe(false);
    expect(mcp.structuredContent).toEqual(server.structuredContent);
  });

  it.each(PAIRS)('$bare on McpServer accepts and rejects what $app $tool does', async (p) => {
    for (const args of p.valid) {
      expect((await call(p.app, p.tool, args)).isError ?? false, JSON.stringify(args)).toBe(false);
      expect((await call('mcp', p.bare, args)).isError ?? false, JSON.stringify(args)).toBe(false);
    }
    for (const args of p.invalid) {
      const obmcp = await call(p.app, p.tool, args);
      expect(obmcp.isError, JSON.stringify(args)).toBe(true);
      const text = (obmcp.content as { text: string }[])[0]?.text ?? '';
      expect(JSON.parse(text)).toMatchObject({ error_kind: 'mcp_input_validation' });
      expect(isEnvelope(JSON.parse(text))).toBe(true);
      expect((await call('mcp', p.bare, args)).isError, JSON.stringify(args)).toBe(true);
    }
  });
});

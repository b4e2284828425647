// The 2026 `server/discover` probe (AI SDK MCP client): "method not found", no warning, the session still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProbeReply } from '../src/http/discover-probe.js';
import {
  type HttpServerProcess,
  httpClient,
  rawPost,
  spawnRawStdio,
  startHttpExample,
} from './http-harness.js';

const DISCOVER = { jsonrpc: '2.0', id: 0, method: 'server/discover' };
/** What the AI SDK sends: the 2026 revision in the protocol header. */
const PROBE_HEADERS = { 'mcp-protocol-version': '2026-07-28' };

const warnings = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.trim() !== '')
    .filter((l) => /"level":"(warn|error)"/.test(l) || l.includes('"stack"'));

describe('discoverProbeReply', () => {
  it('answers a server/discover request with -32601 and its id; nothing else', () => {
    expect(discoverProbeReply(DISCOVER)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      error: { code: -32601, message: 'Method not found' },
    });
    expect(discoverProbeReply({ ...DISCOVER, id: undefined })).toBeUndefined();
    expect(discoverProbeReply({ ...DISCOVER, method: 'initialize' })).toBeUndefined();
    expect(discoverProbeReply([DISCOVER])).toBeUndefined();
  });
});

describe('server/discover over Streamable HTTP', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpExample();
  }, 20_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('is answered 200 + JSON-RPC method-not-found, without a warning or a stack in the log', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await rawPost(server.url, JSON.stringify(DISCOVER), PROBE_HEADERS);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32601, message: 'Method not found' },
      });
    }
    const client = await httpClient(server.url);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect(warnings(server.stderr())).toEqual([]);
  });
});

describe('server/discover over stdio', () => {
  it('is answered method-not-found before initialize, quietly, and initialize still works', async () => {
    const raw = spawnRawStdio();
    try {
      raw.send(DISCOVER);
      raw.send({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '0' },
        },
      });
      const lines = () =>
        raw
          .stdout()
          .split('\n')
          .filter((l) => l.trim() !== '');
      await expect.poll(() => lines().length, { timeout: 10_000 }).toBe(2);
      const [probe, init] = lines().map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(probe).toMatchObject({ id: 0, error: { code: -32601 } });
      expect(init).toMatchObject({ id: 1, result: { protocolVersion: '2025-06-18' } });
      expect(warnings(raw.stderr())).toEqual([]);
    } finally {
      raw.child.kill();
    }
  });
});

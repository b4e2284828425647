// HTTP hardening: bearer auth (401 before any tool), Host/Origin checks, size limit, routes and methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HttpServerProcess,
  httpClient,
  INITIALIZE,
  nodePost,
  rawPost,
  runExample,
  startHttpExample,
} from './http-harness.js';

const TOKEN = 'canary-bearer-4f7c1d9e2b8a6035';
const CALL_CRASH = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'crash', arguments: {} },
});

describe('bearer-token auth', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpExample({ OBMCP_HTTP_BEARER_TOKEN: TOKEN });
  }, 20_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 401 with a Bearer challenge when the token is missing', async () => {
    const res = await rawPost(server.url, CALL_CRASH);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await res.json()).toMatchObject({ error: { message: 'Unauthorized' } });
  });

  it('answers 401 invalid_token for a wrong token, and the tool is never reached', async () => {
    for (const auth of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await rawPost(server.url, CALL_CRASH, { authorization: auth });
      expect(res.status, auth).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="mcp"/);
    }
    // The crash tool logs its message when it runs: it must not have run.
    expect(server.stderr()).not.toContain('hunter2');
    expect(server.stderr()).not.toContain(TOKEN);
    // Each refusal is one warn line naming the reason (what DEPLOYING.md §4 tells operators to look for), never the token.
    const refusals = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"msg":"http request refused"'));
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    for (const line of refusals)
      expect(JSON.parse(line)).toMatchObject({
        level: 'warn',
        reason: 'token missing or wrong (Authorization: Bearer)',
      });
  });

  it('rejects an SDK client without the token and accepts one with it', async () => {
    await expect(httpClient(server.url)).rejects.toThrow();
    const client = await httpClient(server.url, { authorization: `Bearer ${TOKEN}` });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('list_orders');
    await client.close();
  });
});

describe('host, origin, size, routes', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpExample({ OBMCP_HTTP_MAX_BODY_BYTES: '4096' });
  }, 20_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts the default loopback hosts on the bound port', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      expect(await nodePost(server.url, INITIALIZE, { host }), host).toBe(200);
    }
  });

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    for (const host of ['evil.example.com', `evil.example.com:${server.port}`, 'localhost:1', '127.0.0.1']) {
      expect(await nodePost(server.url, INITIALIZE, { host }), host).toBe(403);
    }
  });

  it('refuses a foreign Origin with 403', async () => {
    expect(await nodePost(server.url, INITIALIZE, { origin: 'http://evil.example.com' })).toBe(403);
    expect(await nodePost(server.url, INITIALIZE, { origin: `http://localhost:${server.port}` })).toBe(200);
  });

  it('answers 413 for a body over the limit (declared or streamed)', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'ping',
      params: { pad: 'x'.repeat(10_000) },
    });
    const res = await rawPost(server.url, big);
    expect(res.status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('answers 400 parse error for a non-JSON body', async () => {
    const res = await rawPost(server.url, '{not json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('serves /mcp only (404 elsewhere) and only POST/GET/DELETE there', async () => {
    expect((await rawPost(server.url.replace('/mcp', '/other'), INITIALIZE)).status).toBe(404);
    expect((await fetch(server.url.replace('/mcp', '/'))).status).toBe(404);
    const put = await fetch(server.url, { method: 'PUT', body: INITIALIZE });
    expect(put.status).toBe(405);
    // Stateless: no standalone SSE stream and no session to delete.
    expect((await fetch(server.url, { headers: { accept: 'text/event-stream' } })).status).toBe(405);
    expect((await fetch(server.url, { method: 'DELETE' })).status).toBe(405);
  });

  it('has an unauthenticated health endpoint', async () => {
    const res = await fetch(server.url.replace('/mcp', '/healthz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('refusals at startup', () => {
  it('refuses a too-short bearer token and a bad port', async () => {
    // Two independent processes: started together.
    const [short, port] = await Promise.all([
      runExample(['--http', '--port', '0'], { OBMCP_HTTP_BEARER_TOKEN: 'short' }),
      runExample(['--http', '--port', 'abc']),
    ]);
    expect(short.code).not.toBe(0);
    expect(short.stderr).toMatch(/at least 16 characters/);
    expect(short.stderr).not.toContain('"server ready"');
    expect(port.code).not.toBe(0);
    expect(port.stderr).toMatch(/not a TCP port/);
  }, 20_000);
});

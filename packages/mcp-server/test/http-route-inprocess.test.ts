// The /mcp route and the listener in one process: refusals (405, 403, 401, 413, 400), health, drain and the socket policy.
import { request } from 'node:http';
import { connect } from 'node:net';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { slowTool } from '@obmcp/contract/internal/example/slow-tool.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { HTTP_DEFAULTS, type HttpServerHandle, startHttpServer } from '../src/entries/http.js';
import type { ServerContext, ServerFactory } from '../src/server/create-server.js';
import type { HttpOptions } from '../src/http/http-options.js';
import { taskOwner } from '../src/http/task-owner.js';
import { INITIALIZE } from './http-harness.js';

const TOKEN = 'canary-bearer-4f7c1d9e2b8a6035';

interface Started {
  http: HttpServerHandle;
  url: string;
  lines: string[];
  owners: (string | undefined)[];
  /** The log lines with this message, parsed. */
  logged(msg: string): Record<string, unknown>[];
}

const running: HttpServerHandle[] = [];
afterEach(async () => {
  for (const http of running.splice(0)) await http.close('test done');
});

async function start(options: Partial<HttpOptions> = {}, wrap?: (f: ServerFactory) => ServerFactory) {
  const lines: string[] = [];
  const owners: (string | undefined)[] = [];
  const logger = createLogger({ name: 'route-test', level: 'debug', write: (line) => void lines.push(line) });
  const contract = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, slowTool],
    logger: createLogger({ name: 'tools', level: 'error', write: () => undefined }),
  });
  const factory: ServerFactory = Object.assign(
    (context?: ServerContext) => {
      owners.push(context?.owner);
      return contract.newServer(context);
    },
    { inputSchemaOf: contract.newServer.inputSchemaOf },
  );
  const http = await startHttpServer(
    wrap ? wrap(factory) : factory,
    { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1', ...options },
    logger,
  );
  running.push(http);
  const started: Started = {
    http,
    url: `http://127.0.0.1:${http.port}/mcp`,
    lines,
    owners,
    logged: (msg) =>
      lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((entry) => entry.msg === msg),
  };
  return started;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request through node:http (any Host header, any method), with its whole answer. */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...init.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;

const rpcError = (answer: Answer) =>
  json(answer) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };

/** The refusal every HTTP-layer error is: JSON-RPC, id null, no caching, an exact length. */
function expectRefusal(answer: Answer, status: number, message: string, code = -32000) {
  expect(answer.status).toBe(status);
  expect(rpcError(answer)).toEqual({ jsonrpc: '2.0', error: { code, message }, id: null });
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
}

const CALL_ECHO = (id: number | string | null = 2) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } });

describe('the /mcp route', () => {
  it('serves an initialize, and answers other methods 405 with the methods it knows', async () => {
    const s = await start();
    expect((await send(s.url, { body: INITIALIZE })).status).toBe(200);
    for (const method of ['PUT', 'PATCH']) {
      const answer = await send(s.url, { method, body: INITIALIZE });
      expectRefusal(answer, 405, 'Method not allowed');
      expect(answer.headers.allow).toBe('POST, GET, DELETE');
    }
    // Stateless: GET (no SSE stream) and DELETE (no session) are 405 with Allow: POST.
    for (const method of ['GET', 'DELETE']) {
      const answer = await send(s.url, { method });
      expectRefusal(answer, 405, 'Method not allowed: this server is stateless (POST only)');
      expect(answer.headers.allow).toBe('POST');
    }
  });

  it('refuses a foreign Host or Origin with 403 and logs why, before anything else', async () => {
    const s = await start({ bearerToken: TOKEN });
    const foreign = await send(s.url, { headers: { host: 'evil.example.com' }, body: INITIALIZE });
    expect(foreign.status).toBe(403);
    expect(rpcError(foreign).error.message).toMatch(/host/i);
    const origin = await send(s.url, {
      headers: { origin: 'http://evil.example.com', authorization: `Bearer ${TOKEN}` },
      body: INITIALIZE,
    });
    expect(origin.status).toBe(403);
    const refusals = s.logged('http request refused');
    expect(refusals[0]).toMatchObject({ level: 'warn', host: 'evil.example.com' });
    expect(refusals[1]).toMatchObject({ level: 'warn', origin: 'http://evil.example.com' });
    // The default list follows the port the server bound (port 0 asked), not the asked port.
    const local = await send(s.url, {
      headers: { host: `localhost:${s.http.port}`, authorization: `Bearer ${TOKEN}` },
      body: INITIALIZE,
    });
    expect(local.status).toBe(200);
  });

  it('an allowed-hosts list and allowed origins replace the defaults', async () => {
    const s = await start({ allowedHosts: ['mcp.example.com'], allowedOrigins: ['https://app.example.com'] });
    expect((await send(s.url, { headers: { host: 'mcp.example.com' }, body: INITIALIZE })).status).toBe(200);
    expect((await send(s.url, { body: INITIALIZE })).status).toBe(403);
    const withOrigin = (origin: string) =>
      send(s.url, { headers: { host: 'mcp.example.com', origin }, body: INITIALIZE });
    expect((await withOrigin('https://app.example.com')).status).toBe(200);
    expect((await withOrigin('http://mcp.example.com')).status).toBe(403);
  });

  it('with a bearer token: 401 and a Bearer challenge without it, served with it; the token is never logged', async () => {
    const s = await start({ bearerToken: TOKEN });
    const missing = await send(s.url, { body: CALL_ECHO() });
    expectRefusal(missing, 401, 'Unauthorized');
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer realm="mcp"/);
    const wrong = await send(s.url, { headers: { authorization: `Bearer ${TOKEN}x` }, body: CALL_ECHO() });
    expect(wrong.status).toBe(401);
    expect(s.logged('http request refused')).toEqual([
      expect.objectContaining({ level: 'warn', reason: 'token missing or wrong (Authorization: Bearer)' }),
      expect.objectContaining({ level: 'warn', reason: 'token missing or wrong (Authorization: Bearer)' }),
    ]);
    // A refused request never reaches a server (no factory call).
    expect(s.owners).toEqual([]);
    // Wrong method with a good token is still 405; a GET without one is 401 first.
    expect((await send(s.url, { method: 'GET' })).status).toBe(401);
    const ok = await send(s.url, { headers: { authorization: `Bearer ${TOKEN}` }, body: INITIALIZE });
    expect(ok.status).toBe(200);
    expect(s.lines.join('\n')).not.toContain(TOKEN);
  });

  it('without a bearer token any Authorization passes, and each credential owns its own tasks', async () => {
    const s = await start();
    for (const authorization of ['Bearer alice', 'Bearer bob']) {
      expect((await send(s.url, { headers: { authorization }, body: INITIALIZE })).status).toBe(200);
    }
    expect((await send(s.url, { body: INITIALIZE })).status).toBe(200);
    expect(s.owners).toEqual([taskOwner('Bearer alice'), taskOwner('Bearer bob'), 'anonymous']);
    expect(s.owners[0]).not.toBe(s.owners[1]);
  });

  it('answers 413 (and closes) for a body over the limit, declared or streamed, naming the limit', async () => {
    const s = await start({ maxBodyBytes: 200 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: 'x'.repeat(300) } });
    const declared = await send(s.url, { body: big });
    expectRefusal(declared, 413, 'Request body exceeds 200 bytes');
    expect(declared.headers.connection).toBe('close');
    const streamed = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // A body at the limit is read.
    const fits = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping', params: {} });
    expect(fits.length).toBeLessThanOrEqual(200);
    expect((await send(s.url, { body: fits })).status).not.toBe(413);
  });

  it('answers 400 parse error for a body that is not JSON', async () => {
    const s = await start();
    expectRefusal(await send(s.url, { body: '{not json' }), 400, 'Parse error: body is not JSON', -32700);
  });

  it('refuses malformed inputResponses in-band (HTTP 200, -32602) before a server runs', async () => {
    const s = await start();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: {}, inputResponses: 5 },
    });
    const answer = await send(s.url, { body });
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(answer.headers['content-type']).toBe('application/json');
    expect(s.owners).toEqual([]);
  });

  it('a tools/call of a tool without Mcp-Param headers, or another method, goes to the server', async () => {
    const s = await start();
    // Unknown tool (no schema), a known tool without x-mcp-header, a non-object params: all reach the SDK.
    const unknown = JSON.stringify({
      jsonrpc: '2.0',
      id: 'u',
      method: 'tools/call',
      params: { name: 'nope' },
    });
    for (const body of [CALL_ECHO(), unknown, INITIALIZE]) {
      const answer = await send(s.url, { body });
      expect(answer.status, body).not.toBe(400);
    }
    expect(s.owners.length).toBe(3);
  });
});

describe('the listener', () => {
  it('has an unauthenticated health endpoint (GET and HEAD) and 404 everywhere but /mcp', async () => {
    const s = await start({ bearerToken: TOKEN });
    const health = s.url.replace('/mcp', '/healthz');
    const ok = await send(`${health}?probe=1`, { method: 'GET' });
    expect(ok.status).toBe(200);
    expect(json(ok)).toEqual({ status: 'ok' });
    expect((await send(health, { method: 'HEAD' })).status).toBe(200);
    // POST /healthz is not the health check.
    expectRefusal(await send(health, { body: '{}' }), 404, 'Not found: the MCP endpoint is /mcp');
    expectRefusal(
      await send(s.url.replace('/mcp', '/other'), { body: INITIALIZE }),
      404,
      'Not found: the MCP endpoint is /mcp',
    );
    // The query string does not change the route.
    const query = await send(`${s.url}?x=1`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      body: INITIALIZE,
    });
    expect(query.status).toBe(200);
  });

  it('a request that throws is a 500 internal error, logged, and the server serves on', async () => {
    // A gate whose check throws: the route has no answer of its own.
    const s = await start({
      hostedMode: true,
      gate: {
        origin: 'http://127.0.0.1',
        handle: async () => undefined,
        authenticate: async () => {
          throw new Error('gate broke');
        },
      },
    });
    const answer = await send(s.url, { body: INITIALIZE });
    expect(answer.status).toBe(500);
    expect(rpcError(answer).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(s.logged('http request failed')[0]).toMatchObject({ level: 'error' });
    expect((await send(s.url.replace('/mcp', '/healthz'), { method: 'GET' })).status).toBe(200);
  });

  it('counts requests in flight and drains them on close: health says draining, /mcp is 503, then it stops', async () => {
    const s = await start();
    expect(s.http.inFlight()).toBe(0);
    const slow = send(s.url, {
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: {
          name: 'slow_echo',
          arguments: { ms: 600, text: 'still here' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'p', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'slow_echo' },
    });
    await expect.poll(() => s.http.inFlight()).toBe(1);
    // A second connection, opened before the drain, asks during it.
    const closed = s.http.close('test drain');
    expect(s.logged('http draining')[0]).toMatchObject({ level: 'info', why: 'test drain', in_flight: 1 });
    // A second close is a no-op (one drain).
    await s.http.close('again');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('still here');
    expect(answer.body).toContain('"aborted":false');
    await closed;
    expect(s.logged('http drain timed out')).toEqual([]);
    expect(s.logged('http stopped')).toEqual([expect.objectContaining({ why: 'test drain' })]);
    expect(s.logged('http draining')).toHaveLength(1);
  });

  it('answers 503 on /mcp and "draining" on /healthz to requests that arrive while it drains', async () => {
    const s = await start({ shutdownTimeoutMs: 5_000 });
    const slowBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'slow_echo', arguments: { ms: 500 } },
    });
    const host = `host: 127.0.0.1:${s.http.port}\r\n`;
    const post = (body: string) =>
      `POST /mcp HTTP/1.1\r\n${host}content-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    // Two connections, each with a slow call in flight; during the drain each pipelines one more request.
    const open = () => {
      const socket = connect(s.http.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      const answers = new Promise<string[]>((resolve) =>
        socket.on('close', () => resolve(text.split(/(?=HTTP\/1\.1 )/))),
      );
      socket.write(post(slowBody));
      return { socket, answers };
    };
    const [a, b] = [open(), open()];
    await expect.poll(() => s.http.inFlight()).toBe(2);
    const closed = s.http.close('drain');
    a.socket.write(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    b.socket.write(post(INITIALIZE));
    await closed;
    const [health, mcp] = await Promise.all([a.answers, b.answers]);
    expect(health[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(health[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(health[1]).toContain('{"status":"draining"}');
    expect(mcp[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(mcp[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(mcp[1]?.toLowerCase()).toContain('retry-after: 1');
    expect(mcp[1]).toContain('"message":"Server is shutting down"');
  });

  it('bounds the drain by shutdownTimeoutMs and says so', async () => {
    const s = await start({ shutdownTimeoutMs: 150 });
    const slow = send(s.url, {
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'slow_echo', arguments: { ms: 5_000 } },
      }),
    }).catch((error: unknown) => error);
    await expect.poll(() => s.http.inFlight()).toBe(1);
    const began = Date.now();
    await s.http.close('bounded');
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(s.logged('http drain timed out')).toEqual([
      expect.objectContaining({ level: 'warn', in_flight: 1 }),
    ]);
    await slow;
  });
});

/** Raw bytes in, everything the server wrote back until it closed the socket. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

describe('the socket policy', () => {
  it('keeps idle sockets 65 s (longer than clients do) and answers a malformed request 400, oversized headers 431', async () => {
    const s = await start();
    const keepAlive = await send(s.url.replace('/mcp', '/healthz'), { method: 'GET' });
    expect(keepAlive.headers['keep-alive']).toBe('timeout=65');
    const malformed = await rawExchange(s.http.port, 'NOT-HTTP at all\r\n\r\n');
    expect(malformed).toBe('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    const big = `GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(await rawExchange(s.http.port, big)).toMatch(
      /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/,
    );
    expect(s.logged('http client error').map((l) => l.code)).toEqual(
      expect.arrayContaining(['HPE_HEADER_OVERFLOW']),
    );
    expect((await send(s.url.replace('/mcp', '/healthz'), { method: 'GET' })).status).toBe(200);
  });
});

// Fetcher through the real undici Agent on loopback (msw bypasses the dispatcher): refused, reset, stall.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamTransportError } from '@obmcp/contract';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

let server: Server;
let base = '';
/** Paths whose upstream connection closed (seen from the server). */
const closed: string[] = [];
/** Paths the server received. */
const arrived: string[] = [];

/** Aborts `caller` as soon as the server has the request for `path` (no timing guess on a loaded machine). */
async function abortOnArrival(caller: AbortController, path: string): Promise<void> {
  while (!arrived.includes(path)) await new Promise((r) => setTimeout(r, 2));
  caller.abort(new Error('tool cancelled'));
}

async function closedSoon(path: string): Promise<boolean> {
  for (let i = 0; i < 40 && !closed.includes(path); i++) await new Promise((r) => setTimeout(r, 50));
  return closed.includes(path);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    arrived.push(req.url ?? '');
    if (req.url === '/ok') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"via":"agent"}');
    } else if (req.url === '/redirect') {
      res.writeHead(307, { location: '/ok' }).end();
    } else if (req.url === '/reset') {
      req.socket.destroy();
    } else if (req.url === '/reset-mid-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"a":');
      setTimeout(() => req.socket.destroy(), 20);
    } else if (req.url === '/drip' || req.url === '/drip-abort') {
      // Bytes keep coming (no idle timeout fires): only cancelling the read closes this one.
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 30);
      res.on('close', () => clearInterval(timer));
    } // any other path: never answers
    if (req.url?.startsWith('/drip') || req.url?.startsWith('/stall')) {
      req.socket.once('close', () => closed.push(req.url ?? ''));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetcher = createFetcher({ timeoutMs: 300, connectTimeoutMs: 300 });
/** For the exchanges that must succeed: a loaded machine can take longer than 300 ms to answer on loopback. */
const roomy = createFetcher({ timeoutMs: 10_000 });
afterAll(() => Promise.all([fetcher.close(), roomy.close()]));

async function failure(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

async function code(promise: Promise<unknown>): Promise<string> {
  return (await failure(promise)).code;
}

/** Which deadline ended the exchange, as its summary states it (no clock read). */
async function deadlineOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await failure(promise);
  expect(error.code).toBe('UPSTREAM_TIMEOUT');
  return /within (\d+) ms/.exec(error.summary ?? '')?.[1];
}

describe('fetcher over the real Agent', () => {
  it('works with the undici 7 Agent as dispatcher and reuses the connection', async () => {
    const first = await roomy.send({ method: 'GET', url: `${base}/ok` });
    const second = await roomy.send({ method: 'GET', url: `${base}/ok` });
    expect(first.json()).toEqual({ via: 'agent' });
    expect(second.status).toBe(200);
  });

  it("an injected Agent carries the requests and outlives the fetcher's close()", async () => {
    const agent = new Agent();
    let connections = 0;
    agent.on('connect', () => connections++);
    const given = createFetcher({ timeoutMs: 2000, agent });
    expect((await given.send({ method: 'GET', url: `${base}/ok` })).json()).toEqual({ via: 'agent' });
    expect(connections).toBe(1);
    await given.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });

  it('an injected Agent goes direct: an unreachable upstream is not blamed on HTTPS_PROXY', async () => {
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = 'http://proxy.corp:3128';
    const agent = new Agent();
    try {
      const given = createFetcher({ timeoutMs: 2000, agent });
      const error = await failure(given.send({ method: 'GET', url: 'http://127.0.0.1:1/' }));
      expect(error.hints.join(' ')).not.toContain('proxy.corp');
      expect(error.hints[1]).toMatch(/^Behind a corporate forward proxy\?/);
    } finally {
      if (saved === undefined) delete process.env.HTTPS_PROXY;
      else process.env.HTTPS_PROXY = saved;
      await agent.close();
    }
  });

  it("close() closes the fetcher's own pooled connections", async () => {
    const own = createFetcher({ timeoutMs: 2000 });
    const sockets: Array<{ closed: boolean }> = [];
    const onConnection = (socket: import('node:net').Socket) => {
      const state = { closed: false };
      sockets.push(state);
      socket.once('close', () => {
        state.closed = true;
      });
    };
    server.on('connection', onConnection);
    try {
      await own.send({ method: 'GET', url: `${base}/ok` });
      expect(sockets).toHaveLength(1);
      expect(sockets[0]?.closed).toBe(false);
      await own.close();
      for (let i = 0; i < 40 && !sockets[0]?.closed; i++) await new Promise((r) => setTimeout(r, 25));
      expect(sockets[0]?.closed).toBe(true);
    } finally {
      server.off('connection', onConnection);
    }
  });

  it('follows a real redirect (redirect: manual returns the 3xx under undici)', async () => {
    const res = await roomy.send({ method: 'GET', url: `${base}/redirect` });
    expect(res.url).toBe(`${base}/ok`);
    expect(res.json()).toEqual({ via: 'agent' });
  });

  it('connection reset → UPSTREAM_UNREACHABLE', async () => {
    expect(await code(fetcher.send({ method: 'GET', url: `${base}/reset` }))).toBe('UPSTREAM_UNREACHABLE');
  });

  it('reset in the middle of the body → UPSTREAM_UNREACHABLE', async () => {
    expect(await code(fetcher.send({ method: 'GET', url: `${base}/reset-mid-body` }))).toBe(
      'UPSTREAM_UNREACHABLE',
    );
  });

  it('connection refused → UPSTREAM_UNREACHABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await code(fetcher.send({ method: 'GET', url: `http://127.0.0.1:${port}/x` }))).toBe(
      'UPSTREAM_UNREACHABLE',
    );
  });

  it('a server that never answers → UPSTREAM_TIMEOUT at the fetcher deadline (300 ms)', async () => {
    expect(await deadlineOf(fetcher.send({ method: 'GET', url: `${base}/stall` }))).toBe('300');
  });

  it('a body still dripping at the deadline → UPSTREAM_TIMEOUT, and the read is cancelled (connection closed)', async () => {
    expect(await deadlineOf(fetcher.send({ method: 'GET', url: `${base}/drip` }))).toBe('300');
    expect(await closedSoon('/drip')).toBe(true);
  });

  it('no headers by the deadline: the connection closes too', async () => {
    expect(await code(fetcher.send({ method: 'GET', url: `${base}/stall-headers` }))).toBe(
      'UPSTREAM_TIMEOUT',
    );
    expect(await closedSoon('/stall-headers')).toBe(true);
  });

  it("the caller's abort before the headers aborts the dispatch and closes the connection", async () => {
    const caller = new AbortController();
    void abortOnArrival(caller, '/stall-abort');
    const slow = createFetcher({ timeoutMs: 5_000 });
    const error = await slow.send({ method: 'GET', url: `${base}/stall-abort`, signal: caller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('tool cancelled');
    expect(await closedSoon('/stall-abort')).toBe(true);
    await slow.close();
  });

  it("the caller's abort while the body drips cancels the read and closes the connection", async () => {
    const caller = new AbortController();
    void abortOnArrival(caller, '/drip-abort');
    const slow = createFetcher({ timeoutMs: 5_000 });
    const error = await slow.send({ method: 'GET', url: `${base}/drip-abort`, signal: caller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // The caller's reason, not UPSTREAM_TIMEOUT: the abort ended the read, not the 5 s deadline.
    expect((error as Error).message).toBe('tool cancelled');
    expect(await closedSoon('/drip-abort')).toBe(true);
    await slow.close();
  });

  it("a per-request timeoutMs shorter than the fetcher's closes the connection at its own deadline", async () => {
    const slow = createFetcher({ timeoutMs: 10_000 });
    // The request's own 200 ms deadline ended it, not the fetcher's (or the Agent's headersTimeout) 10 s.
    expect(await deadlineOf(slow.send({ method: 'GET', url: `${base}/stall-short`, timeoutMs: 200 }))).toBe(
      '200',
    );
    expect(await closedSoon('/stall-short')).toBe(true);
    await slow.close();
  });
});

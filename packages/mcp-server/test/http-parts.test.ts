// The HTTP layer's parts on their own: the body cap, client-error answers, JSON replies and the web Request bridge.
import { EventEmitter } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/entries/server.js';
import {
  applyConnectionPolicy,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
} from '../src/http/connection-policy.js';
import { sendJson } from '../src/http/http-responses.js';
import { RequestTooLargeError, readRequestBody } from '../src/http/read-body.js';
import { toWebRequest, writeWebResponse } from '../src/http/web-bridge.js';
import { currentHostedUser, runAsHostedUser } from '../src/http/hosted-user.js';

/** A request stream with these headers (chunks written by the test). */
function fakeRequest(headers: Record<string, string> = {}, extra: Partial<IncomingMessage> = {}) {
  const stream = new PassThrough();
  return Object.assign(stream, { headers, ...extra }) as unknown as IncomingMessage & PassThrough;
}

describe('readRequestBody', () => {
  it('refuses a declared length over the cap before reading a byte', async () => {
    const req = fakeRequest({ 'content-length': '11' });
    const read = readRequestBody(req, 10);
    await expect(read).rejects.toBeInstanceOf(RequestTooLargeError);
    await expect(read).rejects.toMatchObject({
      name: 'RequestTooLargeError',
      maxBytes: 10,
      message: 'request body exceeds 10 bytes',
    });
  });

  it('reads a body at the cap exactly, in chunks', async () => {
    const req = fakeRequest({ 'content-length': '10' });
    const read = readRequestBody(req, 10);
    req.write(Buffer.from('01234'));
    req.end(Buffer.from('56789'));
    expect((await read).toString()).toBe('0123456789');
  });

  it('refuses a streamed body once it passes the cap, pauses the stream and ignores what follows', async () => {
    const req = fakeRequest();
    const read = readRequestBody(req, 4);
    req.write(Buffer.from('abc'));
    req.write(Buffer.from('de'));
    await expect(read).rejects.toMatchObject({ maxBytes: 4 });
    expect(req.isPaused()).toBe(true);
    // Later data, end and error change nothing (the promise is settled once).
    req.emit('data', Buffer.from('more'));
    req.emit('end');
    req.emit('error', new Error('late'));
  });

  it('rejects with the stream error, once', async () => {
    const req = fakeRequest();
    const read = readRequestBody(req, 100);
    req.write(Buffer.from('ab'));
    req.emit('error', new Error('socket hang up'));
    await expect(read).rejects.toThrow('socket hang up');
    req.emit('end');
    req.emit('error', new Error('second'));
  });

  it('a non-numeric content-length is read as a stream', async () => {
    const req = fakeRequest({ 'content-length': 'abc' });
    const read = readRequestBody(req, 3);
    req.end(Buffer.from('xyz'));
    expect((await read).toString()).toBe('xyz');
  });

  it('an end after a refusal does not resolve and data after an end is not kept', async () => {
    const req = fakeRequest();
    const read = readRequestBody(req, 2);
    req.emit('data', Buffer.from('abc'));
    req.emit('data', Buffer.from('d'));
    req.emit('end');
    await expect(read).rejects.toBeInstanceOf(RequestTooLargeError);
    const ok = fakeRequest();
    const whole = readRequestBody(ok, 10);
    ok.emit('data', Buffer.from('ab'));
    ok.emit('end');
    ok.emit('error', new Error('after end'));
    expect((await whole).toString()).toBe('ab');
  });

  it('after a refusal, a caller that resumes the stream to drain it is not paused again by what follows', async () => {
    const req = fakeRequest();
    const read = readRequestBody(req, 2);
    req.emit('data', Buffer.from('abc'));
    await expect(read).rejects.toBeInstanceOf(RequestTooLargeError);
    expect(req.isPaused()).toBe(true);
    req.resume();
    req.emit('data', Buffer.from('more'));
    expect(req.isPaused()).toBe(false);
  });
});

/** A socket stand-in that records what the policy did with it. */
function fakeSocket(writable = true) {
  const calls: string[] = [];
  return {
    calls,
    socket: {
      writable,
      destroy: () => void calls.push('destroy'),
      end: (text: string) => void calls.push(`end ${text}`),
    },
  };
}

describe('applyConnectionPolicy', () => {
  function policy() {
    const server = new EventEmitter() as unknown as Server;
    const lines: string[] = [];
    applyConnectionPolicy(
      server,
      createLogger({ name: 't', level: 'debug', write: (l) => void lines.push(l) }),
    );
    const clientError = (code: string | undefined, writable = true) => {
      const { calls, socket } = fakeSocket(writable);
      const error = Object.assign(new Error('client error'), code === undefined ? {} : { code });
      server.emit('clientError', error, socket);
      return calls;
    };
    return { server, lines, clientError };
  }

  it('sets the keep-alive and header timeouts (headers outlast keep-alive)', () => {
    const { server } = policy();
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(HEADERS_TIMEOUT_MS).toBe(66_000);
  });

  it('answers each client error with its status and closes the connection', () => {
    const { clientError, lines } = policy();
    const answer = (status: string) => [
      `end HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
    ];
    expect(clientError('HPE_HEADER_OVERFLOW')).toEqual(answer('431 Request Header Fields Too Large'));
    expect(clientError('ERR_HTTP_REQUEST_TIMEOUT')).toEqual(answer('408 Request Timeout'));
    expect(clientError('HPE_INVALID_METHOD')).toEqual(answer('400 Bad Request'));
    expect(clientError(undefined)).toEqual(answer('400 Bad Request'));
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'debug', msg: 'http client error', code: 'HPE_HEADER_OVERFLOW' }),
      expect.objectContaining({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      expect.objectContaining({ code: 'HPE_INVALID_METHOD' }),
      expect.objectContaining({ code: 'unknown' }),
    ]);
  });

  it('destroys a socket the peer reset or can no longer read', () => {
    const { clientError } = policy();
    expect(clientError('ECONNRESET')).toEqual(['destroy']);
    expect(clientError('HPE_INVALID_METHOD', false)).toEqual(['destroy']);
  });
});

/** A real server whose handler is `fn`; resolves with the raw answer a client read. */
async function answerOf(fn: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>) {
  const server = createServer((req, res) => void fn(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; headers: IncomingMessage['headers']; body: string } | 'reset'>(
      (resolve) => {
        const req = request({ port, host: '127.0.0.1', path: '/x', method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString('utf8');
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          res.on('error', () => resolve('reset'));
        });
        req.on('error', () => resolve('reset'));
        req.end();
      },
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('sendJson', () => {
  it('writes JSON with its length, no-store and the extra headers', async () => {
    const answer = await answerOf((_req, res) => sendJson(res, 418, { é: 1 }, { 'x-extra': 'y' }));
    expect(answer).toMatchObject({
      status: 418,
      body: '{"é":1}',
      headers: {
        'content-type': 'application/json',
        'content-length': '8',
        'cache-control': 'no-store',
        'x-extra': 'y',
      },
    });
  });

  it('destroys the connection when an answer was already started (never two answers)', async () => {
    const answer = await answerOf((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      sendJson(res, 500, { error: 'late' });
    });
    expect(answer).toBe('reset');
  });
});

describe('the web bridge', () => {
  it('reads a Node request against the public origin with every header, and its body when asked', async () => {
    const req = fakeRequest(
      { host: 'evil.example', 'x-one': 'a', cookie: 'c=1' },
      { method: 'POST', url: '/oauth/token?x=1' },
    );
    (req.headers as Record<string, unknown>)['x-many'] = ['1', '2'];
    (req.headers as Record<string, unknown>)['x-none'] = undefined;
    req.end('grant_type=x');
    const web = toWebRequest(req, 'https://sp.example.com');
    expect(web.url).toBe('https://sp.example.com/oauth/token?x=1');
    expect(web.method).toBe('POST');
    expect(web.headers.get('x-one')).toBe('a');
    expect(web.headers.get('x-many')).toBe('1, 2');
    expect(web.headers.has('x-none')).toBe(false);
    expect(await web.text()).toBe('grant_type=x');
    const headersOnly = toWebRequest(
      fakeRequest({}, { method: 'POST', url: '/mcp' }),
      'https://sp.example.com',
      false,
    );
    expect(headersOnly.body).toBeNull();
    const get = toWebRequest(fakeRequest({}, { method: 'GET' }), 'https://sp.example.com');
    expect(get.url).toBe('https://sp.example.com/');
    expect(get.body).toBeNull();
    const head = toWebRequest(fakeRequest({}, { method: 'HEAD', url: '/' }), 'https://sp.example.com');
    expect(head.body).toBeNull();
    const noMethod = toWebRequest(fakeRequest({}, { url: '/a' }), 'https://sp.example.com');
    expect(noMethod.method).toBe('GET');
  });

  it('writes a web Response: status, headers, every Set-Cookie, the body', async () => {
    const headers = new Headers({ 'content-type': 'text/plain', 'x-a': 'b' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    const answer = await answerOf((_req, res) =>
      writeWebResponse(new Response('hello body', { status: 302, headers }), res),
    );
    expect(answer).toMatchObject({
      status: 302,
      body: 'hello body',
      headers: { 'content-type': 'text/plain', 'x-a': 'b', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] },
    });
    const empty = await answerOf((_req, res) => writeWebResponse(new Response(null, { status: 204 }), res));
    expect(empty).toMatchObject({ status: 204, body: '' });
    const noCookies = await answerOf((_req, res) => writeWebResponse(new Response('x'), res));
    expect(noCookies).not.toBe('reset');
    if (noCookies !== 'reset') expect(noCookies.headers['set-cookie']).toBeUndefined();
  });
});

describe('the hosted user', () => {
  it('is the user a call runs as, inside it only', async () => {
    const user = { subject: 'sp:A1', account: 'A1', secret: 's' };
    expect(currentHostedUser()).toBeUndefined();
    const seen = await runAsHostedUser(user, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentHostedUser();
    });
    expect(seen).toBe(user);
    expect(currentHostedUser()).toBeUndefined();
  });
});

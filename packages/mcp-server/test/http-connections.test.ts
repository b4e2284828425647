// The HTTP listener's socket policy: idle keep-alive outlives clients' idle timeouts; a malformed request gets a status.
import { get } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/http/connection-policy.js';
import { type HttpServerProcess, startHttpExample } from './http-harness.js';

/** undici (Node's fetch) keeps an idle socket 4 s unless the server's Keep-Alive hint says otherwise. */
const UNDICI_DEFAULT_KEEP_ALIVE_MS = 4_000;

let server: HttpServerProcess;
beforeAll(async () => {
  server = await startHttpExample();
});
afterAll(async () => {
  await server.stop();
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

describe('HTTP connection policy', () => {
  it('advertises a keep-alive timeout longer than a client keeps an idle socket (the client closes first)', async () => {
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      get(`http://127.0.0.1:${server.port}/healthz`, (res) => {
        res.resume();
        resolve(String(res.headers['keep-alive']));
      }).on('error', reject);
    });
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(UNDICI_DEFAULT_KEEP_ALIVE_MS);
  });

  it('a malformed request is answered 400 and closed, not reset', async () => {
    const answer = await rawExchange(server.port, 'NOT-HTTP at all\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('oversized headers are answered 431', async () => {
    const big = `GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const answer = await rawExchange(server.port, big);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  });

  it('the server keeps serving after client errors', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`http://127.0.0.1:${server.port}/healthz`, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(200);
  });
});

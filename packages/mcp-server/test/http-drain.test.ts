// The listener's life: a port in use fails the start, an idle server closes at once, a drain closes idle connections as it goes.
import { connect, type Socket } from 'node:net';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { slowTool } from '@obmcp/contract/internal/example/slow-tool.js';
import { describe, expect, it } from 'vitest';
import { createContractServer, createLogger } from '../src/entries/server.js';
import { HTTP_DEFAULTS, startHttpServer } from '../src/entries/http.js';

const quiet = createLogger({ name: 'q', level: 'error', write: () => undefined });

async function start(shutdownTimeoutMs = 3_000) {
  const lines: string[] = [];
  const logger = createLogger({ name: 'drain', level: 'debug', write: (line) => void lines.push(line) });
  const { newServer } = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, slowTool],
    logger: quiet,
  });
  const http = await startHttpServer(
    newServer,
    { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1', shutdownTimeoutMs },
    logger,
  );
  return { http, lines };
}

/** A raw socket; `closed` resolves when the server closes it, after its name joins `order` (the close order). */
function socketTo(port: number, name: string, order: string[]) {
  const socket: Socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      order.push(name);
      resolve();
    }),
  );
  return { socket, closed, text: () => text };
}

const slowCall = (port: number, ms: number) => {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'slow_echo', arguments: { ms } },
  });
  return `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
};

describe('the listener', () => {
  it('fails to start on a port in use', async () => {
    const { http } = await start();
    await expect(
      startHttpServer(
        createContractServer({ profile: exampleProfile, tools: exampleTools, logger: quiet }).newServer,
        {
          ...HTTP_DEFAULTS,
          port: http.port,
          host: '127.0.0.1',
        },
        quiet,
      ),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await http.close('test done');
  });

  it('closes at once when nothing is in flight', async () => {
    // A drain bound far past what an idle close takes, even on a loaded machine: a close that waited for it
    // would take 20 s, one that did not well under 10 s.
    const { http, lines } = await start(20_000);
    const began = Date.now();
    await http.close('idle');
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(lines.join('\n')).not.toContain('http drain timed out');
    expect(lines.join('\n')).toContain('"msg":"http stopped"');
  });

  it('closes idle kept-alive connections when the drain starts, and each one as its request ends', async () => {
    const { http } = await start(10_000);
    // Order, not timestamps: under load two closes can land in the same millisecond.
    const order: string[] = [];
    const idle = socketTo(http.port, 'idle', order);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nhost: 127.0.0.1:${http.port}\r\n\r\n`);
    await expect.poll(() => idle.text()).toContain('{"status":"ok"}');
    const short = socketTo(http.port, 'short', order);
    const long = socketTo(http.port, 'long', order);
    short.socket.write(slowCall(http.port, 400));
    long.socket.write(slowCall(http.port, 2_500));
    await expect.poll(() => http.inFlight()).toBe(2);
    // What the client sees when the idle connection closes: the short call not yet answered.
    const whenIdleClosed = idle.closed.then(() => ({ shortText: short.text(), longText: long.text() }));
    const closing = http.close('drain');
    // The idle connection is closed at once, while both calls are still in flight.
    expect(await whenIdleClosed).toEqual({ shortText: '', longText: '' });
    // The short call's connection as soon as it is answered; the long one stays open until its own answer.
    await short.closed;
    expect(short.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(long.text()).toBe('');
    expect(http.inFlight()).toBe(1);
    await long.closed;
    await closing;
    expect(long.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(order).toEqual(['idle', 'short', 'long']);
  });
});

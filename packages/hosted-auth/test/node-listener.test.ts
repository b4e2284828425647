// The node:http listener for a fetch-style handler: requests read against the origin, a throw is a 500 without detail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FetchHandler, toNodeListener } from '../src/http/node-listener.js';

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise((resolve) => open.close(resolve));
});

async function serve(handler: FetchHandler): Promise<string> {
  server = createServer(toNodeListener(handler, 'https://as.example.test'));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeListener', () => {
  it('hands the handler the request at the public origin and writes its answer', async () => {
    const seen: string[] = [];
    const at = await serve(async (request) => {
      seen.push(`${request.method} ${request.url} ${await request.text()}`);
      return new Response('hello', { status: 201, headers: { 'x-a': 'b' } });
    });
    const response = await fetch(`${at}/oauth/token?x=1`, { method: 'POST', body: 'a=1' });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-a')).toBe('b');
    expect(await response.text()).toBe('hello');
    expect(seen).toEqual(['POST https://as.example.test/oauth/token?x=1 a=1']);
  });

  it('answers a handler that throws with a bare 500 (no message, no stack)', async () => {
    const at = await serve(async () => {
      throw new Error('secret detail');
    });
    const response = await fetch(`${at}/x`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('{"error":"server_error"}');
  });

  it('ends a response whose body fails after its headers went out', async () => {
    const at = await serve(async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new Error('stream broke'));
          else {
            sent = true;
            controller.enqueue(new TextEncoder().encode('part;'));
          }
        },
      });
      return new Response(body, { status: 200 });
    });
    const response = await fetch(`${at}/x`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('part;{"error":"server_error"}');
  });
});

// routeByHost answers every request as the flat handler list would, but runs only the request host's handlers.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeByHost } from '../src/route-by-host.js';

const A = 'https://a.example.com';
const B = 'https://b.example.com';
const ran: string[] = [];
const named = (name: string, answer: () => Response | undefined) => () => {
  ran.push(name);
  return answer();
};

const handlers: RequestHandler[] = [
  // A gate that falls through (returns nothing), as the spec gates do for valid requests.
  http.all(
    `${A}/*`,
    named('a-gate', () => undefined),
  ),
  http.get(
    `${B}/items`,
    named('b-items', () => HttpResponse.json({ host: 'b' })),
  ),
  http.get(`${A}/items/:id`, ({ params }) => {
    ran.push('a-item');
    return HttpResponse.json({ id: params.id });
  }),
  http.post(
    `${A}/items`,
    named('a-create', () => HttpResponse.json({ created: true }, { status: 201 })),
  ),
  http.all(
    `${A}/*`,
    named('a-catch-all', () => HttpResponse.json({ catchAll: true })),
  ),
];

const server = setupServer(...routeByHost(handlers));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function call(url: string, method = 'GET'): Promise<{ status: number; body: unknown; ran: string[] }> {
  ran.length = 0;
  const res = await fetch(url, { method });
  return { status: res.status, body: await res.json(), ran: [...ran] };
}

describe('routeByHost', () => {
  it('keeps msw semantics inside a host: order, fall-through, params, methods', async () => {
    expect(await call(`${A}/items/42`)).toEqual({
      status: 200,
      body: { id: '42' },
      ran: ['a-gate', 'a-item'],
    });
    expect(await call(`${A}/items`, 'POST')).toEqual({
      status: 201,
      body: { created: true },
      ran: ['a-gate', 'a-create'],
    });
    expect(await call(`${A}/other`)).toEqual({
      status: 200,
      body: { catchAll: true },
      ran: ['a-gate', 'a-catch-all'],
    });
  });

  it("never runs another host's handlers", async () => {
    expect(await call(`${B}/items`)).toEqual({ status: 200, body: { host: 'b' }, ran: ['b-items'] });
  });

  it('leaves a request no handler of its host takes unhandled', async () => {
    await expect(fetch(`${B}/nothing`)).rejects.toThrow();
  });

  it('refuses a handler that names no host (it could not be grouped)', () => {
    expect(() => routeByHost([http.get('/relative', () => HttpResponse.json({}))])).toThrow(
      /must name its host/,
    );
  });
});

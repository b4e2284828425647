// The cache hints a 2026-07-28 client gets per listing: an hour everywhere, tools/list private only on a server with views.
import { afterAll, describe, expect, it } from 'vitest';
import { VIEW_URI, VIEWS } from './fixture-views.js';
import { modernServer } from './modern-post.js';

const HOUR = { ttlMs: 3_600_000 };

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function hintsOf(options: Parameters<typeof modernServer>[0] = {}) {
  const server = await modernServer(options);
  closers.push(server.close);
  return async (method: string, params: Record<string, unknown> = {}) => {
    const reply = await server.post(method, params);
    expect(reply.error).toBeUndefined();
    const { ttlMs, cacheScope } = reply.result ?? {};
    return { ttlMs, cacheScope };
  };
}

describe('cache hints on the modern path', () => {
  it('a server with views: tools/list private (its _meta.ui links depend on the client), the rest public', async () => {
    const request = await hintsOf({ views: VIEWS });
    expect(await request('tools/list')).toEqual({ ...HOUR, cacheScope: 'private' });
    expect(await request('resources/list')).toEqual({ ...HOUR, cacheScope: 'public' });
    expect(await request('resources/read', { uri: VIEW_URI })).toEqual({ ...HOUR, cacheScope: 'public' });
    expect(await request('server/discover')).toEqual({ ...HOUR, cacheScope: 'public' });
  });

  it('a server without views: tools/list public too; a tool result carries no hint', async () => {
    const request = await hintsOf();
    expect(await request('tools/list')).toEqual({ ...HOUR, cacheScope: 'public' });
    expect(await request('server/discover')).toEqual({ ...HOUR, cacheScope: 'public' });
    expect(await request('tools/call', { name: 'list_values', arguments: {} })).toEqual({
      ttlMs: undefined,
      cacheScope: undefined,
    });
  });
});

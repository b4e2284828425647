// Hand-written handlers read a path parameter as the API does, decoded once: `%252e%252e` is the id `%2e%2e`, never `..`
// (the 2026-12-06 spec audit's W18: the feed-document handler decoded msw's already-decoded id a second time).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { authHeaders, SP_BASE } from './support/spec-calls.js';

let server: ReturnType<typeof startMockServer>;
beforeAll(() => {
  server = startMockServer();
});
afterAll(() => server.close());

const get = async (url: string) => {
  const res = await fetch(url, { headers: authHeaders('sp-api') });
  return { status: res.status, body: (await res.json()) as { errors?: Array<{ message: string }> } };
};

describe('path parameters are decoded once', () => {
  it('SP feed document %252e%252e is the id %2e%2e (404 naming it), not ..', async () => {
    const out = await get(`${SP_BASE}/feeds/2021-06-30/documents/%252e%252e`);
    expect(out.status).toBe(404);
    expect(out.body.errors?.[0]?.message).toBe('Feed document %2e%2e not found.');
  });

  it('a lone %25 (a literal percent sign) is an id, not a crash', async () => {
    const out = await get(`${SP_BASE}/feeds/2021-06-30/documents/%25`);
    expect(out.status).toBe(404);
    expect(out.body.errors?.[0]?.message).toBe('Feed document % not found.');
  });

  it('no hand-written handler decodes a path parameter again (only the spec gate reads raw URLs)', () => {
    const root = join(import.meta.dirname, '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'spec') walk(path);
        } else if (entry.name.endsWith('.ts') && readFileSync(path, 'utf8').includes('decodeURIComponent('))
          offenders.push(path.slice(root.length + 1));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

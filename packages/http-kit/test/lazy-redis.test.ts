// ioredis is loaded only when a Redis URL is configured (it costs ~0.1 s of cold start).
import { describe, expect, it } from 'vitest';
import { DIST, runProbe } from './fixtures/run-probe.js';

const probe = (env: string) => `
  import { createRequire } from 'node:module';
  const { limiterStoreFromEnv } = await import(${JSON.stringify(new URL('limiter-store-from-env.js', DIST).href)});
  const log = { debug() {}, info() {}, warn() {}, error() {}, child() { return log; } };
  const store = limiterStoreFromEnv(${env}, log);
  const loaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/ioredis/'));
  console.log(JSON.stringify({ kind: store.kind, loaded }));
  await store.close();
  process.exit(0);`;
const run = (env: string) => runProbe<{ kind: string; loaded: boolean }>(probe(env));

describe('limiterStoreFromEnv loads ioredis lazily', () => {
  it('memory store: ioredis never loaded', () => {
    expect(run('{}')).toEqual({ kind: 'memory', loaded: false });
  });
  it('Redis URL: ioredis loaded on demand', () => {
    expect(run(`{ OBMCP_REDIS_URL: 'redis://127.0.0.1:1' }`)).toEqual({ kind: 'redis', loaded: true });
  });
});

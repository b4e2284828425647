// ioredis is loaded only when a Redis URL is configured (it costs ~0.1 s of cold start).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../dist/index.js', import.meta.url).href;
const probe = (env: string) => `
  import { createRequire } from 'node:module';
  const { limiterStoreFromEnv } = await import(${JSON.stringify(DIST)});
  const log = { debug() {}, info() {}, warn() {}, error() {}, child() { return log; } };
  const store = limiterStoreFromEnv(${env}, log);
  const loaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/ioredis/'));
  console.log(JSON.stringify({ kind: store.kind, loaded }));
  await store.close();
  process.exit(0);`;
const run = (env: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', probe(env)], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    }),
  ) as { kind: string; loaded: boolean };

describe('limiterStoreFromEnv loads ioredis lazily', () => {
  it('memory store: ioredis never loaded', () => {
    expect(run('{}')).toEqual({ kind: 'memory', loaded: false });
  });
  it('Redis URL: ioredis loaded on demand', () => {
    expect(run(`{ OBMCP_REDIS_URL: 'redis://127.0.0.1:1' }`)).toEqual({ kind: 'redis', loaded: true });
  });
});

// undici is loaded on the first exchange, not when a fetcher is created (part of ~75 ms of cold start).
import { describe, expect, it } from 'vitest';
import { DIST, runProbe } from './fixtures/run-probe.js';

const PROBE = `
  import { createRequire } from 'node:module';
  const { createFetcher } = await import(${JSON.stringify(DIST)});
  const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/undici/'));
  const fetcher = createFetcher({ timeoutMs: 2000 });
  const atCreate = loaded();
  const outcome = await fetcher.send({ method: 'GET', url: 'http://127.0.0.1:1/' }).then(
    () => 'answered',
    (e) => e.code,
  );
  const afterSend = loaded();
  await fetcher.close();
  console.log(JSON.stringify({ atCreate, outcome, afterSend }));
  process.exit(0);`;

describe('createFetcher loads undici lazily', () => {
  it('a created fetcher has not loaded undici; its first exchange does (and works)', () => {
    expect(runProbe(PROBE)).toEqual({ atCreate: false, outcome: 'UPSTREAM_UNREACHABLE', afterSend: true });
  });
});

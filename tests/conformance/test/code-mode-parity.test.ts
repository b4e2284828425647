// Code Mode on all three servers over stdio: the same scripts give the same outcomes (limits, envelopes as values).
import { type AppName, APPS, callTool, startInProcess, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_TIMEOUT_MS } from './support/apps.js';
import { appObject } from './support/app-objects.js';

const SCRIPTS = {
  fixInScript: `
    let r = await call_tool('get_envelope_contract', { bogus: 1 });
    const first = r && r._envelope_version === 1 ? r.error_code : 'no-envelope';
    const extra = r && r._envelope_version === 1 ? r.details[0].extra : undefined;
    r = await call_tool('get_envelope_contract', {});
    return { first, extra, fixed: r.contract_version };`,
  unknownTool: `const r = await call_tool('no_such_tool', {}); return { kind: r.error_kind, code: r.error_code };`,
  scriptError: `const x = 1;\nthrow new Error('boom');`,
} as const;

const servers = new Map<AppName, TestServer>();

beforeAll(async () => {
  await Promise.all(
    APPS.map(async (app) => servers.set(app, await startInProcess({ app: await appObject(app) }))),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()));
});

async function execute(app: AppName, code: string, timeout_ms?: number) {
  const server = servers.get(app);
  if (!server) throw new Error(`${app} did not start`);
  return callTool(server.client, 'execute', { code, ...(timeout_ms ? { timeout_ms } : {}) }, CALL_TIMEOUT_MS);
}

describe.each(APPS)('%s Code Mode limits', (app) => {
  it('an endless loop is a sandbox_runtime envelope within its limit, and the server stays responsive', async () => {
    const r = await execute(app, 'while (true) {}', 300);
    expect(r.envelope).toMatchObject({
      error_kind: 'sandbox_runtime',
      error_code: 'CODE_MODE_SANDBOX_LIMITATION',
    });
    // Its own 300 ms wall-time limit ended it (read from the detail, not a clock).
    expect(r.envelope?.details[0]).toMatchObject({ limit_kind: 'timeout', limit: 300 });
    const after = await callTool(servers.get(app)!.client, 'get_envelope_contract', {}, CALL_TIMEOUT_MS);
    expect(after.result?.contract_version).toBe(1);
  });

  it('unbounded allocation is a sandbox_runtime envelope', async () => {
    const r = await execute(app, 'const a = []; while (true) a.push(new Array(1e5).fill(1));', 5_000);
    expect(r.envelope?.error_kind).toBe('sandbox_runtime');
  });

  it.each([
    ['fetch', "await fetch('http://example.test/');"],
    ['require', "require('fs');"],
  ])('%s is a blocked capability', async (_name, code) => {
    const r = await execute(app, code);
    expect(r.envelope?.error_code).toBe('CODE_MODE_SANDBOX_LIMITATION');
  });
});

describe('the same script behaves the same on every server', () => {
  it.each(Object.entries(SCRIPTS))('%s', async (_name, code) => {
    const outcomes = await Promise.all(APPS.map((app) => execute(app, code)));
    const shapes = outcomes.map((o) => o.result ?? o.envelope);
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    expect(outcomes[0]?.envelope).toBeUndefined();
  });

  it('a bad call inside the script comes back as an envelope value and is fixed in the same script', async () => {
    const r = await execute('sp-mcp', SCRIPTS.fixInScript);
    expect(r.result?.result).toEqual({ first: 'SCHEMA_ADDITIONAL_PROPERTIES', extra: 'bogus', fixed: 1 });
  });

  it('a script error is data: name, message and line', async () => {
    const r = await execute('ads-mcp', SCRIPTS.scriptError);
    expect(r.result?.error).toMatchObject({ name: 'Error', message: 'boom', line: 2 });
  });
});

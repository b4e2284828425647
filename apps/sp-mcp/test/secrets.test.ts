// Canary credentials never appear in any tool result, envelope or stderr line of a real process: one process walks
// the credential-exchange fault, the API fault and the success path (fault switches flip between the rounds, so
// each is met as a fresh process would: the first round has no token yet), another has every token expired.
import { callTool, createFaultSwitch, type RunningServer } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpProcess as startSp, US } from './helpers.js';

const CANARIES = {
  SP_API_CLIENT_ID: 'mock-canary-client-id-55e1c',
  SP_API_CLIENT_SECRET: 'mock-canary-secret-7f3a9d',
  SP_API_REFRESH_TOKEN: 'mock-canary-refresh-81bd2e',
};

const CALLS = [
  ['get_orders', { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' }],
  ['list_identities', {}],
  ['get_region', {}],
  ['get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip' }],
] as const;

function expectNoSecret(all: string): void {
  for (const value of Object.values(CANARIES)) expect(all).not.toContain(value);
  expect(all).not.toMatch(/Atza\|mock-/);
  expect(all).not.toContain('X-Amz-Signature');
}

describe('secrets stay secret in one process whose faults switch between rounds (debug logs)', () => {
  const auth = createFaultSwitch('auth');
  const api = createFaultSwitch('api');
  let sp: RunningServer | undefined;
  beforeAll(async () => {
    sp = await startSp({ ...CANARIES, OBMCP_LOG_LEVEL: 'debug', ...auth.env, ...api.env });
  });
  afterAll(async () => {
    await sp?.close();
    auth.dispose();
    api.dispose();
  });

  // In this order, so each round meets its path as a fresh process would (the first one has no token yet).
  it.each<[string, FaultScenario | 'none', FaultScenario | 'none', string]>([
    ['credential-exchange fault http_401', 'http_401', 'none', 'AUTHENTICATION_ERROR'],
    ['API fault http_403', 'none', 'http_403', 'SP_API_HTTP_403'],
    ['no fault', 'none', 'none', 'ok'],
  ])('%s', async (_round, authFault, apiFault, code) => {
    if (!sp) throw new Error('sp-mcp did not start');
    auth.set(authFault);
    api.set(apiFault);
    const texts: string[] = [];
    const first = await callTool(sp.client, CALLS[0][0], CALLS[0][1]);
    expect(first.envelope?.error_code ?? 'ok').toBe(code);
    texts.push(first.text);
    for (const [name, args] of CALLS.slice(1)) texts.push((await callTool(sp.client, name, args)).text);
    expectNoSecret(`${texts.join('\n')}\n${sp.stderr()}`);
  });
});

describe('secrets stay secret', () => {
  it('every token expired upstream (OBMCP_MOCK_EXPIRED_TOKENS=1000, debug logs)', async () => {
    const sp = await startSp({ ...CANARIES, OBMCP_LOG_LEVEL: 'debug', OBMCP_MOCK_EXPIRED_TOKENS: '1000' });
    const texts: string[] = [];
    try {
      for (const [name, args] of CALLS) texts.push((await callTool(sp.client, name, args)).text);
    } finally {
      await sp.close();
    }
    expectNoSecret(`${texts.join('\n')}\n${sp.stderr()}`);
  });
});

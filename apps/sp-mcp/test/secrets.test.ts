// Canary credentials never appear in any tool result, envelope or stderr line.
import { callTool } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { startSpProcess as startSp, US } from './helpers.js';

const CANARIES = {
  SP_API_CLIENT_ID: 'mock-canary-client-id-55e1c',
  SP_API_CLIENT_SECRET: 'mock-canary-secret-7f3a9d',
  SP_API_REFRESH_TOKEN: 'mock-canary-refresh-81bd2e',
};

describe('secrets stay secret', () => {
  it.each<Record<string, string>>([
    {},
    { OBMCP_MOCK_AUTH_FAULT: 'http_401' },
    { OBMCP_MOCK_FAULT: 'http_403' },
    { OBMCP_MOCK_EXPIRED_TOKENS: '1000' },
  ])('env %j', async (extra) => {
    const sp = await startSp({ ...CANARIES, OBMCP_LOG_LEVEL: 'debug', ...extra });
    const texts: string[] = [];
    try {
      for (const [name, args] of [
        ['get_orders', { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' }],
        ['list_identities', {}],
        ['get_region', {}],
        ['get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip' }],
      ] as const) {
        texts.push((await callTool(sp.client, name, args)).text);
      }
    } finally {
      await sp.close();
    }
    const all = `${texts.join('\n')}\n${sp.stderr()}`;
    for (const value of Object.values(CANARIES)) expect(all).not.toContain(value);
    expect(all).not.toMatch(/Atza\|mock-/);
    expect(all).not.toContain('X-Amz-Signature');
  });
});

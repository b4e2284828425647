// Canary credentials never reach results, envelopes or stderr (success and failure paths, debug logs).
import { callTool } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { startProcess as start, US_PROFILE } from './helpers.js';

const CANARY = {
  ADS_API_CLIENT_SECRET: 'mock-CANARY-client-secret-8c1f',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-CANARY-refresh-3b7d',
};

describe('canary secrets', () => {
  for (const fault of ['', 'http_401', 'http_500', 'http_429']) {
    it(`never leak (fault: ${fault || 'none'})`, async () => {
      const s = await start({
        ...CANARY,
        OBMCP_LOG_LEVEL: 'debug',
        ADS_API_PROFILE_ID: String(US_PROFILE),
        OBMCP_MOCK_FAULT: fault,
      });
      const texts: string[] = [];
      try {
        for (const [name, args] of [
          ['list_profiles', {}],
          ['list_campaigns', {}],
          [
            'create_report',
            {
              startDate: '2026-04-01',
              endDate: '2026-04-02',
              reportTypeId: 'spCampaigns',
              groupBy: ['campaign'],
              columns: ['cost'],
            },
          ],
          ['list_amc_instances', {}],
        ] as const) {
          texts.push((await callTool(s.client, name, args)).text);
        }
        texts.push(s.stderr());
      } finally {
        await s.close();
      }
      const all = texts.join('\n');
      for (const secret of Object.values(CANARY)) expect(all).not.toContain(secret);
      expect(all).not.toMatch(/Atza\|/);
      expect(all).not.toMatch(/Bearer\s+\S/);
    });
  }
});

// Region tools show the hosts calls actually use: ADS_API_ENDPOINT / ADS_API_LWA_ENDPOINT when set (userinfo as ***@), Openbridge's token host in brokered mode.
import { describe, expect, it } from 'vitest';
import { ok, start } from './helpers.js';

interface Shown {
  region: string;
  apiHost: string;
  tokenHost: string;
}

describe('region tools with endpoint overrides', () => {
  it('every region shows the override (its password hidden), not the regional host', async () => {
    const s = await start({
      ADS_API_ENDPOINT: 'https://obmcp:pw-canary-31@proxy.internal/ads/',
      ADS_API_LWA_ENDPOINT: 'https://lwa.proxy.internal/auth/o2/token',
    });
    try {
      const expected = { apiHost: 'https://***@proxy.internal/ads', tokenHost: 'lwa.proxy.internal' };
      expect(await ok(s, 'get_region')).toMatchObject({ region: 'na', ...expected });
      expect(await ok(s, 'set_region', { region: 'fe' })).toMatchObject({ region: 'fe', ...expected });
      const list = (await ok(s, 'list_regions')).regions as Shown[];
      expect(list.map((r) => r.region)).toEqual(['na', 'eu', 'fe']);
      for (const r of list) expect(r).toMatchObject(expected);
      expect(JSON.stringify(list)).not.toContain('pw-canary-31');
    } finally {
      await s.close();
    }
  });

  it('without overrides: the regional hosts; in Openbridge mode the token comes from Openbridge', async () => {
    const s = await start({ ADS_AUTH_MODE: 'openbridge' });
    try {
      const list = (await ok(s, 'list_regions')).regions as Shown[];
      expect(list.map((r) => r.apiHost)).toEqual([
        'https://advertising-api.amazon.com',
        'https://advertising-api-eu.amazon.com',
        'https://advertising-api-fe.amazon.com',
      ]);
      for (const r of list) expect(r.tokenHost).toBe('service.api.openbridge.io');
    } finally {
      await s.close();
    }
  });
});

// The app object (the package's main entry): named as its package and bin, the configured credentials as its secrets, no side effect on import.
import { describe, expect, it } from 'vitest';
import { itIsTheAppOfItsPackage } from '@obmcp/test-kit/suites';
import { app } from '../src/app.js';

describe('ads-mcp app', () => {
  itIsTheAppOfItsPackage(new URL('../', import.meta.url), app);

  it('redacts exactly the configured credentials (app.secrets)', () => {
    const config = app.loadConfig({
      ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.ads1',
      ADS_API_CLIENT_SECRET: 'ads-client-secret-1',
      ADS_API_REFRESH_TOKEN: 'Atzr|ads-refresh-1',
    });
    expect([...app.secrets(config)].sort()).toEqual(['ads-client-secret-1', 'Atzr|ads-refresh-1'].sort());
  });

  it('in Openbridge-brokered mode, the Openbridge refresh token', () => {
    const config = app.loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'obkey:obsecret-1' });
    expect(app.secrets(config)).toEqual(['obkey:obsecret-1']);
  });
});

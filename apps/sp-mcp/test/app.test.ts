// The app object (the package's main entry): named as its package and bin, the configured credentials as its secrets, no side effect on import.
import { describe, expect, it } from 'vitest';
import { itIsTheAppOfItsPackage } from '@obmcp/test-kit/suites';
import { app } from '../src/app.js';

describe('sp-mcp app', () => {
  itIsTheAppOfItsPackage(new URL('../', import.meta.url), app);

  it('redacts exactly the configured credentials (app.secrets)', () => {
    const config = app.loadConfig({
      SP_API_CLIENT_ID: 'amzn1.application-oa2-client.abc123',
      SP_API_CLIENT_SECRET: 'sp-client-secret-1',
      SP_API_REFRESH_TOKEN: 'Atzr|sp-refresh-1',
    });
    expect([...app.secrets(config)].sort()).toEqual(
      ['amzn1.application-oa2-client.abc123', 'sp-client-secret-1', 'Atzr|sp-refresh-1'].sort(),
    );
  });
});

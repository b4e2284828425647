// The app object (the package's main entry): named as its package and bin, the configured credentials as its secrets, no side effect on import.
import { describe, expect, it } from 'vitest';
import { itIsTheAppOfItsPackage } from '@obmcp/test-kit/suites';
import { app } from '../src/app.js';

describe('openbridge-mcp app', () => {
  itIsTheAppOfItsPackage(new URL('../', import.meta.url), app);

  it('redacts exactly the configured credentials (app.secrets)', () => {
    const config = app.loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'obkey:obsecret-1' });
    expect([...app.secrets(config)].sort()).toEqual(['obkey:obsecret-1'].sort());
  });
});

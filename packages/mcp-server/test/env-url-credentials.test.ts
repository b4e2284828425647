// A configured URL read from the environment: its credentials are redacted in every form an upstream may echo.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@obmcp/contract';
import { createEnvReader } from '../src/config/env-reader.js';

const USER = 'proxyuser';
const PASSWORD = 'CANARYPW-basic-7f3a';
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');

describe('credentials of a configured URL', () => {
  it('are redacted in every form once the URL is read (base64 without the scheme word, padded or not, raw password)', () => {
    const env = createEnvReader({ OB_TEST_ENDPOINT: `https://${USER}:${PASSWORD}@proxy.example/sp` });
    expect(env.optionalUrl('OB_TEST_ENDPOINT')).toContain('proxy.example');
    for (const echoed of [BASIC, BASIC.replace(/=+$/, ''), PASSWORD, `${USER}:${PASSWORD}`])
      expect(redactSecrets(`upstream said ${echoed}!`), echoed).toBe('upstream said [redacted]!');
  });
});

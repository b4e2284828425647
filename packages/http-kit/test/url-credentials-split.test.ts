// splitUrlCredentials alone: every userinfo shape leaves the URL as Basic credentials, and is remembered for redaction.
import { redactSecrets } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { splitUrlCredentials } from '../src/url-credentials.js';

const basic = (userinfo: string) => `Basic ${Buffer.from(userinfo).toString('base64')}`;

describe('splitUrlCredentials', () => {
  it('a URL without userinfo is returned as is, with no credentials', () => {
    const url = new URL('https://proxy.test/sp?x=1');
    const out = splitUrlCredentials(url, {});
    expect(out).toEqual({ url });
    expect(out.url).toBe(url);
  });

  it('a password without a user leaves the URL too', () => {
    const out = splitUrlCredentials(new URL('https://:s3cret-only@proxy.test/sp'), {});
    expect(out.url.href).toBe('https://proxy.test/sp');
    expect(out.credentials).toEqual({ name: 'authorization', value: basic(':s3cret-only') });
  });

  it('a stray % (not an escape) stays literal in the credentials', () => {
    const out = splitUrlCredentials(new URL('https://us%zz:pa%ss@proxy.test/'), {});
    expect(out.url.href).toBe('https://proxy.test/');
    expect(out.credentials?.value).toBe(basic('us%zz:pa%ss'));
  });

  it('with an Authorization of its own, the userinfo goes as Proxy-Authorization', () => {
    const out = splitUrlCredentials(new URL('https://u:proxy-pass@proxy.test/'), {
      authorization: 'Bearer t',
    });
    expect(out.credentials).toEqual({ name: 'proxy-authorization', value: basic('u:proxy-pass') });
  });

  it('the credentials it takes out are redacted from any later text, the Basic value included', () => {
    const out = splitUrlCredentials(new URL('https://split-user:Split-Pass-42@proxy.test/'), {});
    const echoed = `upstream said: ${out.credentials?.value.slice('Basic '.length)} / Split-Pass-42`;
    expect(redactSecrets(echoed)).toBe('upstream said: [redacted] / [redacted]');
  });
});

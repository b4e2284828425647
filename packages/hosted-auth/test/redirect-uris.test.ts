// Which redirect URIs a client may register (a code is only ever sent to one of them), and the registration budget.
import { describe, expect, it } from 'vitest';
import { isAcceptableRedirectUri, redirectUriMatches } from '../src/as/redirect-uris.js';
import { REDIRECT, harness } from './support/harness.js';

describe('redirect URIs a client may register', () => {
  it.each([
    'https://claude.ai/api/mcp/auth_callback',
    'https://client.example/cb?x=1',
    'http://127.0.0.1:6274/cb',
    'http://[::1]:6274/cb',
    'http://localhost/cb',
    'vscode://anthropic.claude/cb',
    'vscode-insiders://anthropic.claude/cb',
    'cursor://anysphere/cb',
    'claude://cb',
    'windsurf://cb',
    'com.example.app:/oauth2redirect',
    'com.example-app.v2:/cb',
  ])('takes %s', (uri) => {
    expect(isAcceptableRedirectUri(uri)).toBe(true);
  });

  it.each([
    ['a fragment', 'https://client.example/cb#frag'],
    ['an empty fragment', 'https://client.example/cb#'],
    ['a user name', 'https://user@client.example/cb'],
    ['a password', 'https://:secret@client.example/cb'],
    ['http to a public host', 'http://client.example/cb'],
    ['http to a name that starts like loopback', 'http://127.0.0.1.evil.test/cb'],
    ['http to a private address', 'http://10.0.0.1/cb'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['file', 'file:///etc/passwd'],
    ['a scheme without a dot', 'myapp:/cb'],
    ['a scheme that ends with a dot', 'com.:/cb'],
    ['a look-alike of an app scheme', 'xvscode://cb'],
    ['an app scheme with a suffix', 'cursorx://cb'],
    ['a relative path', '/cb'],
    ['no URL at all', 'not a url'],
  ])('refuses %s', (_why, uri) => {
    expect(isAcceptableRedirectUri(uri)).toBe(false);
  });

  it('matches exactly: no prefix, no normalization, no other port', () => {
    const registered = ['http://127.0.0.1:33418/callback', 'https://a.example/cb'];
    expect(redirectUriMatches(registered, 'https://a.example/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'https://a.example/cb/evil')).toBe(false);
    expect(redirectUriMatches(registered, 'https://A.example/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:33419/callback')).toBe(false);
    expect(redirectUriMatches([], 'https://a.example/cb')).toBe(false);
  });
});

describe('dynamic registration budget per address', () => {
  const register = async (h: Awaited<ReturnType<typeof harness>>, address: string): Promise<Response> => {
    const answer = await h.auth.handle(
      new Request(new URL('/oauth/register', h.resource), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      }),
      { address },
    );
    if (answer === undefined) throw new Error('/oauth/register was not answered');
    return answer;
  };

  it('Retry-After is the rest of the minute; the budget comes back when the minute turns', async () => {
    const h = await harness({ registrationsPerMinute: 2 });
    const minute = Math.ceil(h.clock.now / 60_000) * 60_000;
    h.clock.now = minute + 45_500;
    expect((await register(h, '203.0.113.7')).status).toBe(201);
    expect((await register(h, '203.0.113.7')).status).toBe(201);
    const refused = await register(h, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('15');
    h.clock.now = minute + 59_999;
    expect((await register(h, '203.0.113.7')).headers.get('retry-after')).toBe('1');
    h.clock.now = minute + 60_000;
    expect((await register(h, '203.0.113.7')).status).toBe(201);
  });

  it('a limit of one lets exactly one through', async () => {
    const h = await harness({ registrationsPerMinute: 1 });
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    expect((await register(h, '203.0.113.7')).status).toBe(201);
    expect((await register(h, '203.0.113.7')).status).toBe(429);
  });

  it('0 turns the limit off', async () => {
    const h = await harness({ registrationsPerMinute: 0 });
    for (let i = 0; i < 25; i++) expect((await register(h, '203.0.113.7')).status).toBe(201);
  });
});

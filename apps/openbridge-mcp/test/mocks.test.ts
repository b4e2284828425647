// The Openbridge mocks as another server sees them: JWT exchange, /sri type 14, brokered token, Bearer check, 429.
import { setFault, startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let mock: SetupServer;
beforeAll(() => {
  mock = startMockServer();
});
afterEach(() => {
  setFault('api', undefined);
  setFault('auth', undefined);
});
afterAll(() => mock.close());

async function jwt(): Promise<string> {
  const res = await fetch('https://authentication.api.openbridge.io/auth/api/ref', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: 'k:s' } } }),
  });
  expect([200, 202]).toContain(res.status);
  const body = (await res.json()) as { data: { type: string; attributes: { token: string } } };
  expect(body.data.type).toBe('APIAuth');
  return body.data.attributes.token;
}

describe('openbridge mocks', () => {
  it('rejects a refresh token that is not key:secret with a JSON:API 401', async () => {
    const res = await fetch('https://authentication.api.openbridge.io/auth/api/ref', {
      method: 'POST',
      body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: 'nocolon' } } }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: [expect.objectContaining({ status: '401' })] });
  });

  it('/sri?remote_identity_type=14 lists the Amazon Ads identities; the brokered token follows', async () => {
    const auth = { authorization: `Bearer ${await jwt()}` };
    const sri = await fetch('https://remote-identity.api.openbridge.io/sri?remote_identity_type=14', {
      headers: auth,
    });
    const list = (await sri.json()) as { data: Array<{ id: string }>; links: { next: string } };
    expect(list.data.map((d) => d.id)).toEqual(['7460', '7462', '8120']);
    expect(list.links.next).toBe('');
    const token = await fetch('https://service.api.openbridge.io/service/amzadv/token/7460', {
      headers: auth,
    });
    expect(await token.json()).toEqual({
      data: {
        access_token: expect.stringMatching(/^Atza\|/),
        client_id: expect.stringMatching(/^amzn1\.application-oa2-client\./),
      },
    });
  });

  it('missing or bad Bearer → 401 on every API host', async () => {
    for (const url of [
      'https://remote-identity.api.openbridge.io/sri',
      'https://subscriptions.api.openbridge.io/v2/sub',
      'https://service.api.openbridge.io/service/amzadv/token/7460',
    ]) {
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer a.b.c' } })).status).toBe(401);
    }
  });

  it('http_429 renders Retry-After: 60 and the documented body; the brokered token answers to both channels', async () => {
    const auth = { authorization: `Bearer ${await jwt()}` };
    setFault('api', 'http_429');
    const res = await fetch('https://subscriptions.api.openbridge.io/v2/sub', { headers: auth });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toEqual({
      errors: [
        { status: '429', title: 'Too Many Requests', detail: 'Rate limit exceeded. Retry after 60 seconds.' },
      ],
    });
    // The brokered-token exchange is an API request (openbridge-mcp's get_amazon_api_access_token) …
    const token = await fetch('https://service.api.openbridge.io/service/amzadv/token/7460', {
      headers: auth,
    });
    expect(token.status).toBe(429);
    // … and a credential exchange (ads-mcp's Openbridge sign-in): the auth channel faults it too.
    setFault('api', null);
    setFault('auth', 'http_401');
    expect(
      (await fetch('https://service.api.openbridge.io/service/amzadv/token/7460', { headers: auth })).status,
    ).toBe(401);
  });
});

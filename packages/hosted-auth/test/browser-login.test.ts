// A real browser logs two sellers in through a v2 SDK client's OAuth provider; each tool call reaches the SP-API mock with its own seller's token.
import type { Client } from '@modelcontextprotocol/client';
import { type Host, logIn as hostLogIn, type MemoryProvider, startHost } from '@obmcp/test-kit/browser-login';
import { refreshTokenOfAccessToken, startMockServer } from '@obmcp/upstream-mocks';
import { type AmazonAuthFake, startAmazonAuthFake } from '@obmcp/upstream-mocks/amazon-auth';
import { http, passthrough } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spApiLogin } from '../src/upstream/sp-api-login.js';
import { type HostedServer, startHostedServer } from './support/hosted-server.js';

let fake: AmazonAuthFake;
let server: HostedServer;
let host: Host;
let msw: SetupServer;
const upstreamCalls: string[] = [];
/** Every header value any upstream request carried: the MCP tokens must never be among them. */
const upstreamHeaders: string[] = [];

beforeAll(async () => {
  fake = await startAmazonAuthFake();
  // The hosted server's upstream calls go to the msw mocks; everything on loopback (client ↔ server ↔ fake) is real.
  msw = startMockServer([http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())]);
  msw.events.on('request:start', ({ request }) => {
    if (!request.url.startsWith('http://127.0.0.1')) upstreamHeaders.push(...[...request.headers.values()]);
    const token = request.headers.get('x-amz-access-token');
    if (token !== null)
      upstreamCalls.push(
        fake.accountOfRefreshToken(refreshTokenOfAccessToken(token) ?? '')?.sellingPartnerId ?? 'unknown',
      );
  });
  server = await startHostedServer(
    spApiLogin({
      applicationId: fake.spApp.applicationId,
      clientId: fake.spApp.clientId,
      clientSecret: fake.spApp.clientSecret,
      consentUrl: `${fake.url}/apps/authorize/consent`,
      tokenUrl: `${fake.url}/auth/o2/token`,
      draft: true,
    }),
    fake.spApp,
  );
  fake.allowRedirectUri(`${server.url}/oauth/callback`);
  host = await startHost();
}, 60_000);

afterAll(async () => {
  await host?.close();
  await server?.close();
  await fake?.close();
  msw?.close();
});

/** One user in their own browser profile (the host's login flow); the Amazon consent page picks `account`. */
async function logIn(account: string): Promise<{ client: Client; provider: MemoryProvider }> {
  const user = await hostLogIn(host, server.resource, async (page) => {
    await page.waitForURL(/\/apps\/authorize\/consent/);
    await page.selectOption('#account', account);
    await page.click('#confirm');
  });
  const authorizationUrl = user.provider.authorizationUrl;
  expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl?.searchParams.get('resource')).toBe(server.resource);
  return user;
}

describe('hosted login in Chromium', () => {
  it('two sellers log in and each tool call reaches SP-API with that seller’s own token', async () => {
    const alice = await logIn('amzn1.account.MOCKALICE');
    const bob = await logIn('amzn1.account.MOCKBOB');
    upstreamCalls.length = 0;
    const a = await alice.client.callTool({ name: 'whoami_seller', arguments: {} });
    const b = await bob.client.callTool({ name: 'whoami_seller', arguments: {} });
    expect(JSON.parse((a.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
      subject: 'sp:A1MOCKALICE',
      upstream: { status: 200 },
    });
    expect(JSON.parse((b.content as { text: string }[])[0]?.text ?? '{}')).toMatchObject({
      subject: 'sp:A2MOCKBOB',
      upstream: { status: 200 },
    });
    expect(upstreamCalls).toEqual(['A1MOCKALICE', 'A2MOCKBOB']);
    // Alice's MCP token never reached Amazon: the upstream saw only LWA tokens.
    for (const user of [alice, bob]) {
      const { access_token } = user.provider.saved as { access_token: string };
      expect(access_token.split('.')).toHaveLength(3);
      expect(upstreamHeaders.some((value) => value.includes(access_token))).toBe(false);
    }
    await alice.client.close();
    await bob.client.close();
  }, 90_000);
});

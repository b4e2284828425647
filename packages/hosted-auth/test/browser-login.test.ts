// A real browser logs two sellers in through a v2 SDK client's OAuth provider; each tool call reaches the SP-API mock with its own seller's token.
import { CHROMIUM, CHROMIUM_ARGS } from '@obmcp/test-kit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { refreshTokenOfAccessToken, startMockServer } from '@obmcp/upstream-mocks';
import { type AmazonAuthFake, startAmazonAuthFake } from '@obmcp/upstream-mocks/amazon-auth';
import { http, passthrough } from 'msw';
import type { SetupServer } from 'msw/node';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spApiLogin } from '../src/upstream/sp-api-login.js';
import { type HostedServer, startHostedServer } from './support/hosted-server.js';

/** The client side of OAuth as an MCP host keeps it: registration, tokens, verifier, where it sent the user. */
class MemoryProvider implements OAuthClientProvider {
  client: unknown;
  saved: unknown;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(private readonly callback: string) {}
  get redirectUrl(): string {
    return this.callback;
  }
  get clientMetadata() {
    return {
      client_name: 'E2E MCP Host',
      redirect_uris: [this.callback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client as never;
  }
  saveClientInformation(info: unknown) {
    this.client = info;
  }
  tokens() {
    return this.saved as never;
  }
  saveTokens(tokens: unknown) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  discovery: unknown;
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
}

let fake: AmazonAuthFake;
let server: HostedServer;
let browser: Browser;
let msw: SetupServer;
let callbackServer: Server;
let callbackUrl: string;
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
  callbackServer = createServer((_req, res) => res.end('You can close this window.'));
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
  msw?.close();
  callbackServer?.close();
});

/** One user in their own browser profile: the SDK client's 401 → discovery → registration → the browser consents → finishAuth. */
async function logIn(account: string): Promise<{ client: Client; provider: MemoryProvider }> {
  const provider = new MemoryProvider(callbackUrl);
  const first = new Client({ name: 'e2e', version: '1.0.0' });
  await expect(
    first.connect(new StreamableHTTPClientTransport(new URL(server.resource), { authProvider: provider })),
  ).rejects.toBeInstanceOf(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl;
  if (authorizationUrl === undefined) throw new Error('the client never asked the user to authorize');
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('resource')).toBe(server.resource);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(authorizationUrl.href);
    await page.getByText('E2E MCP Host', { exact: false }).first().waitFor();
    await page.click('#approve');
    await page.waitForURL(/\/apps\/authorize\/consent/);
    await page.selectOption('#account', account);
    const returned = page.waitForURL((url) => url.href.startsWith(callbackUrl));
    await page.click('#confirm');
    await returned;
    const params = new URL(page.url()).searchParams;
    const transport = new StreamableHTTPClientTransport(new URL(server.resource), { authProvider: provider });
    await transport.finishAuth(params);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.resource), { authProvider: provider }),
    );
    return { client, provider };
  } finally {
    await context.close();
  }
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

// sp-mcp --hosted end to end in Chromium: two sellers log in through Seller Central (fake), one host registered, one by metadata document; each call reaches SP-API with that seller's token.
import { app as spMcp } from '@obmcp/sp-mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, logIn, resultOf, startHost } from '@obmcp/test-kit/browser-login';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { spLoginEnv, startUpstreams, type Upstreams } from '../src/mocks.js';

let up: Upstreams;
let app: HostedApp;
let host: Host;

beforeAll(async () => {
  up = await startUpstreams();
  app = await startHostedApp(spMcp, {
    CODE_MODE: 'on',
    ...spLoginEnv(up),
  });
  up.fake.allowRedirectUri(`${app.origin}/oauth/callback`);
  host = await startHost();
});
afterAll(async () => {
  await host?.close();
  await app?.close();
  await up?.close();
});

function seller(account: string) {
  return async (page: import('playwright-core').Page) => {
    await page.waitForURL(/\/apps\/authorize\/consent/);
    await page.selectOption('#account', account);
    await page.click('#confirm');
  };
}

describe('sp-mcp --hosted', () => {
  it('logs two sellers in; each call reaches SP-API with its own seller’s token; the MCP token stays home', async () => {
    const alice = await logIn(host, app.resource, seller('amzn1.account.MOCKALICE'));
    // Bob's host is known by its Client ID Metadata Document (no registration): the server fetched it.
    const bob = await logIn(host, app.resource, seller('amzn1.account.MOCKBOB'), true);
    expect(host.documentFetches).toBeGreaterThan(0);
    expect((bob.provider.client as { client_id: string }).client_id).toBe(host.documentUrl);
    const who = resultOf(await alice.client.callTool({ name: 'list_identities', arguments: {} }));
    expect(who.activeIdentityId).toBe('sp:A1MOCKALICE');
    expect(
      resultOf(await bob.client.callTool({ name: 'list_identities', arguments: {} })).activeIdentityId,
    ).toBe('sp:A2MOCKBOB');
    up.callers.length = 0;
    const args = { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' };
    const a = await alice.client.callTool({ name: 'get_orders', arguments: args });
    expect(a.isError).not.toBe(true);
    const b = await bob.client.callTool({ name: 'get_orders', arguments: args });
    expect(b.isError).not.toBe(true);
    expect(up.callers).toEqual(['A1MOCKALICE', 'A2MOCKBOB']);
    for (const user of [alice, bob])
      expect(up.headerValues.some((v) => v.includes(user.provider.accessToken))).toBe(false);
    // Code Mode: a script's calls run as the user who sent it (one pooled sandbox thread serves both).
    const code = "const r = await call_tool('list_identities', {}); return r.activeIdentityId;";
    for (const [user, subject] of [
      [alice, 'sp:A1MOCKALICE'],
      [bob, 'sp:A2MOCKBOB'],
      [alice, 'sp:A1MOCKALICE'],
    ] as const) {
      expect(resultOf(await user.client.callTool({ name: 'execute', arguments: { code } })).result).toBe(
        subject,
      );
    }
    // Bob cannot reach Alice's identity.
    const cross = await bob.client.callTool({
      name: 'set_active_identity',
      arguments: { identityId: 'sp:A1MOCKALICE' },
    });
    expect(cross.isError).toBe(true);
    expect(app.logs()).not.toContain('Atzr|');
    await alice.client.close();
    await bob.client.close();
  });

  it('refuses a request without a token with the challenge pointing to the metadata', async () => {
    const response = await fetch(app.resource, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${app.origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });
});

// Two sp-mcp --hosted replicas sharing Redis (one public origin): a login through one works on the other; each seller stays theirs.
import { newSigningJwk } from '@obmcp/hosted-auth';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, logIn, resultOf, startHost } from '../src/browser-login.js';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { startUpstreams, type Upstreams } from '../src/mocks.js';
import { type RoundRobin, roundRobin } from '../src/round-robin.js';

let up: Upstreams;
let redis: RedisProcess;
let a: HostedApp;
let b: HostedApp;
let lb: RoundRobin;
let host: Host;

function seller(account: string) {
  return async (page: Page) => {
    await page.waitForURL(/\/apps\/authorize\/consent/);
    await page.selectOption('#account', account);
    await page.click('#confirm');
  };
}

describe.skipIf(!HAS_REDIS)('two sp-mcp --hosted replicas on one Redis', () => {
  beforeAll(async () => {
    up = await startUpstreams();
    redis = await startRedis();
    const env = {
      CODE_MODE: 'off',
      SP_API_CLIENT_ID: up.fake.spApp.clientId,
      SP_API_CLIENT_SECRET: up.fake.spApp.clientSecret,
      SP_API_LWA_ENDPOINT: `${up.fake.url}/auth/o2/token`,
      SP_API_APPLICATION_ID: up.fake.spApp.applicationId,
      SP_API_CONSENT_URL: `${up.fake.url}/apps/authorize/consent`,
      SP_API_APP_DRAFT: 'true',
      OBMCP_VAULT_KEYS: up.vaultKeys,
      OBMCP_HOSTED_SIGNING_JWK: await newSigningJwk(),
      OBMCP_REDIS_URL: redis.url,
    };
    // Both replicas answer for the load balancer's origin: one issuer, one token audience, one Redis.
    lb = await roundRobin(() => [a.port, b.port], 0);
    const publicOrigin = lb.origin;
    a = await startHostedApp('sp-mcp', 'spHostedGate', env, publicOrigin);
    b = await startHostedApp('sp-mcp', 'spHostedGate', env, publicOrigin);
    up.fake.allowRedirectUri(`${publicOrigin}/oauth/callback`);
    host = await startHost();
  });
  afterAll(async () => {
    await host?.close();
    await a?.close();
    await b?.close();
    await lb?.close();
    await up?.close();
    await redis?.kill();
  });

  it('two sellers log in and call through a round-robin balancer: every request may land on either replica', async () => {
    const alice = await logIn(host, lb.origin + '/mcp', seller('amzn1.account.MOCKALICE'));
    const bob = await logIn(host, lb.origin + '/mcp', seller('amzn1.account.MOCKBOB'));
    up.callers.length = 0;
    const args = { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' };
    for (let i = 0; i < 3; i++) {
      for (const [user, subject] of [
        [alice, 'sp:A1MOCKALICE'],
        [bob, 'sp:A2MOCKBOB'],
      ] as const) {
        expect(
          resultOf(await user.client.callTool({ name: 'list_identities', arguments: {} })).activeIdentityId,
        ).toBe(subject);
        expect((await user.client.callTool({ name: 'get_orders', arguments: args })).isError).not.toBe(true);
      }
    }
    // Each upstream call carried the token of the seller who made it (repeats may be answered from the server's cache).
    expect(up.callers.slice(0, 2)).toEqual(['A1MOCKALICE', 'A2MOCKBOB']);
    expect(new Set(up.callers)).toEqual(new Set(['A1MOCKALICE', 'A2MOCKBOB']));
    expect(lb.served[0]).toBeGreaterThan(5);
    expect(lb.served[1]).toBeGreaterThan(5);
    await alice.client.close();
    await bob.client.close();
  });
});

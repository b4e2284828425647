// ads-mcp --hosted end to end in Chromium: two users log in with Login with Amazon (fake), each picks a profile, each sees and spends only theirs.
import { app as adsMcp } from '@obmcp/ads-mcp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, logIn, resultOf, startHost } from '@obmcp/test-kit/browser-login';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { adsLoginEnv, startUpstreams, type Upstreams } from '../src/mocks.js';

let up: Upstreams;
let app: HostedApp;
let host: Host;

beforeAll(async () => {
  up = await startUpstreams();
  app = await startHostedApp(adsMcp, {
    CODE_MODE: 'off',
    ...adsLoginEnv(up),
  });
  up.fake.allowRedirectUri(`${app.origin}/oauth/callback`);
  host = await startHost();
});
afterAll(async () => {
  await host?.close();
  await app?.close();
  await up?.close();
});

function amazonUser(account: string, profileId: string) {
  return async (page: Page) => {
    await page.waitForURL(/\/ap\/oa/);
    await page.selectOption('#account', account);
    await page.click('#allow');
    await page.waitForSelector('#choose');
    await page.check(`input[name="profile"][value="${profileId}"]`);
    await page.click('#choose');
  };
}

describe('ads-mcp --hosted', () => {
  it('each user sees only the profile they picked and calls Amazon Ads with their own token', async () => {
    const alice = await logIn(host, app.resource, amazonUser('amzn1.account.MOCKALICE', '1111111111'));
    const bob = await logIn(host, app.resource, amazonUser('amzn1.account.MOCKBOB', '2222222222'));
    up.callers.length = 0;
    const aliceProfiles = resultOf(await alice.client.callTool({ name: 'list_profiles', arguments: {} }));
    const bobProfiles = resultOf(await bob.client.callTool({ name: 'list_profiles', arguments: {} }));
    expect((aliceProfiles.profiles as { profileId: number }[]).map((p) => p.profileId)).toEqual([1111111111]);
    expect((bobProfiles.profiles as { profileId: number }[]).map((p) => p.profileId)).toEqual([2222222222]);
    expect(aliceProfiles.activeProfileId).toBe(1111111111);
    expect(bobProfiles.activeProfileId).toBe(2222222222);
    expect(up.callers).toEqual(['A1MOCKALICE', 'A2MOCKBOB']);
    const cross = await alice.client.callTool({
      name: 'set_active_profile',
      arguments: { profileId: 2222222222 },
    });
    expect(cross.isError).toBe(true);
    for (const user of [alice, bob])
      expect(up.headerValues.some((v) => v.includes(user.provider.accessToken))).toBe(false);
    await alice.client.close();
    await bob.client.close();
  });
});

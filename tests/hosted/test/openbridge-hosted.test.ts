// openbridge-mcp --hosted end to end in Chromium: users connect with their own API key on the consent page; a refused key is asked again.
import { app as openbridgeMcp } from '@obmcp/openbridge-mcp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, logIn, startHost } from '@obmcp/test-kit/browser-login';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { startUpstreams, type Upstreams } from '../src/mocks.js';

let up: Upstreams;
let app: HostedApp;
let host: Host;

beforeAll(async () => {
  up = await startUpstreams();
  app = await startHostedApp(openbridgeMcp, {
    CODE_MODE: 'off',
    OBMCP_VAULT_KEYS: up.vaultKeys,
  });
  host = await startHost();
});
afterAll(async () => {
  await host?.close();
  await app?.close();
  await up?.close();
});

function apiKey(...keys: string[]) {
  return async (page: Page) => {
    for (const key of keys) {
      await page.waitForSelector('#api_key');
      await page.fill('#api_key', key);
      await page.click('#connect');
    }
  };
}

describe('openbridge-mcp --hosted', () => {
  it('two users connect their own keys (a refused key is asked again) and call Openbridge; no key shows anywhere', async () => {
    const alice = await logIn(
      host,
      app.resource,
      apiKey('revoked-key:nope', 'alice-key-1a2b:ALICE-SECRET-3c4d'),
    );
    const bob = await logIn(host, app.resource, apiKey('bob-key-5e6f:BOB-SECRET-7a8b'));
    for (const user of [alice, bob]) {
      const jobs = await user.client.callTool({ name: 'get_jobs', arguments: { subscription_id: 107003 } });
      expect(jobs.isError).not.toBe(true);
      expect(JSON.stringify(jobs)).not.toMatch(/ALICE-SECRET|BOB-SECRET/);
      expect(up.headerValues.some((v) => v.includes(user.provider.accessToken))).toBe(false);
    }
    expect(app.logs()).not.toMatch(/ALICE-SECRET|BOB-SECRET/);
    await alice.client.close();
    await bob.client.close();
  });
});

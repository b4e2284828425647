// --hosted's Openbridge login as openbridge-mcp sets it up: the server's name, each user's API key checked at the
// configured authentication host (the msw Openbridge fake), and the gate's log lines.
import { randomBytes } from 'node:crypto';
import type { hostedGateFromEnv } from '@obmcp/hosted-auth';
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { http } from 'msw';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openbridgeHostedGate, openbridgeHostedSetup } from '../../src/hosted.js';

// The gate's own setup is hosted-auth's (tested there): here, what openbridge-mcp hands it.
type HostedSetup = Parameters<typeof hostedGateFromEnv>[0];

const OTHER_AUTH = 'https://auth.eu.openbridge.test';
const ENV = { OBMCP_HOSTED: '1', OBMCP_MOCK: '1' };
const CALLBACK = 'https://ob.example.com/oauth/upstream/callback';
const KEY = 'alice-key-1a2b:ALICE-SECRET-3c4d';
const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

const seen: string[] = [];
const mocks = startMockServer([
  // Another region's authentication host answers as Openbridge's does (the fake's own exchange answers it).
  http.post(`${OTHER_AUTH}/auth/api/ref`, async ({ request }) =>
    fetch(`${ob.OPENBRIDGE_HOSTS.authentication}/auth/api/ref`, {
      method: 'POST',
      headers: request.headers,
      body: await request.text(),
    }),
  ),
]);
mocks.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  seen.push(`${request.method} ${url.origin}${url.pathname}`);
});
afterEach(() => {
  seen.length = 0;
  vi.clearAllMocks();
});
afterAll(() => mocks.close());

function setupOf(env: Record<string, string>): HostedSetup {
  return openbridgeHostedSetup(loadConfig(env), env, logger as never);
}

async function connect(setup: HostedSetup, apiKey: string) {
  return setup.upstream.resume(new URLSearchParams({ state: 'login-1', api_key: apiKey }), {
    loginId: 'login-1',
    callbackUrl: CALLBACK,
  } as never);
}

describe('openbridgeHostedSetup', () => {
  it('names the server and hands the environment on', () => {
    const setup = setupOf(ENV);
    expect(setup).toMatchObject({ server: 'openbridge', serverName: 'obmcp for Openbridge', env: ENV });
    expect(setup.upstream.id).toBe('openbridge');
  });

  it('checks a user’s key at Openbridge’s authentication API and keeps it as that user’s credential', async () => {
    const step = await connect(setupOf(ENV), KEY);
    expect(step).toMatchObject({
      kind: 'done',
      credential: { label: 'Openbridge account 3558', secret: KEY },
    });
    expect(seen).toEqual([`POST ${ob.OPENBRIDGE_HOSTS.authentication}/auth/api/ref`]);
  });

  it('OPENBRIDGE_AUTH_BASE_URL: the key is checked at the configured host, not the default one', async () => {
    const step = await connect(setupOf({ ...ENV, OPENBRIDGE_AUTH_BASE_URL: OTHER_AUTH }), KEY);
    expect(step).toMatchObject({ kind: 'done', credential: { secret: KEY } });
    expect(seen[0]).toBe(`POST ${OTHER_AUTH}/auth/api/ref`);
  });

  it('a key Openbridge refuses is not kept: the user is asked again', async () => {
    const step = await connect(setupOf(ENV), 'revoked-bob:BOB-SECRET-5e6f');
    expect(step).toMatchObject({ kind: 'continue' });
    expect(JSON.stringify(step)).toContain('Openbridge did not accept this key.');
  });

  it('the gate’s events are info lines prefixed "hosted auth:", its warnings warnings', () => {
    const setup = setupOf(ENV);
    setup.log?.('login', { account: '3558.4071' });
    expect(logger.info).toHaveBeenCalledWith('hosted auth: login', { account: '3558.4071' });
    setup.warn?.('store is memory');
    expect(logger.warn).toHaveBeenCalledWith('store is memory');
  });
});

describe('openbridgeHostedGate', () => {
  it('refuses to start without OBMCP_HOSTED_PUBLIC_URL', async () => {
    await expect(openbridgeHostedGate(loadConfig(ENV), ENV, logger as never)).rejects.toThrow(
      '--hosted needs OBMCP_HOSTED_PUBLIC_URL',
    );
  });

  it('starts with a public URL and vault keys, warning once that its signing key is made at start', async () => {
    const env = {
      ...ENV,
      OBMCP_HOSTED_PUBLIC_URL: 'https://ob.example.com',
      OBMCP_VAULT_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    };
    const gate = await openbridgeHostedGate(loadConfig(env), env, logger as never);
    expect(gate).toBeDefined();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('OBMCP_HOSTED_SIGNING_JWK is unset'));
  });
});

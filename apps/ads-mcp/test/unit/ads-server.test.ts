// Unit (src): the server createServer builds, in process against the msw upstream: the user agent, the body bound
// (ADS_REPORT_MAX_BYTES), the redirect hosts, direct LWA and Openbridge-brokered credentials (identity tools only
// there), Code Mode on or off, and --hosted's refusal without an LWA security profile.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { adsHostedGate } from '../../src/hosted.js';
import { createServer } from '../../src/server.js';
import { VERSION } from '../../src/version.js';

const API = 'https://advertising-api.amazon.com';
const DIRECT: Record<string, string> = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'mock-ads-client-id',
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret',
  ADS_API_REFRESH_TOKEN: 'mock-ads-refresh-token',
  ADS_API_PROFILE_ID: '1111111111',
  CODE_MODE: 'off',
};

const agents: string[] = [];
let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer();
  mocks.events.on('request:start', ({ request }) => {
    if (new URL(request.url).origin === API) agents.push(request.headers.get('user-agent') ?? '');
  });
});
afterEach(() => {
  mocks.resetHandlers();
  agents.length = 0;
});
afterAll(() => mocks.close());

function host(env: Record<string, string>) {
  return createServer(loadConfig(env), { logger: silentLogger, env }).host;
}

describe('createServer', () => {
  it('every Ads call carries the server user agent', async () => {
    const outcome = await host(DIRECT).call('list_profiles', {});
    expect(outcome.ok).toBe(true);
    expect(agents.length).toBeGreaterThan(0);
    for (const agent of agents) expect(agent).toBe(`obmcp-ads/${VERSION} (Language=TypeScript)`);
  });

  it('an answer larger than ADS_REPORT_MAX_BYTES is refused; one within it is read', async () => {
    const big = Array.from({ length: 60 }, (_, i) => ({ profileId: 1000 + i, countryCode: 'US' }));
    mocks.use(http.get(`${API}/v2/profiles`, () => HttpResponse.json(big)));
    const refused = await host({ ...DIRECT, ADS_REPORT_MAX_BYTES: '1024' }).call('list_profiles', {});
    expect(refused.ok).toBe(false);
    const read = await host({ ...DIRECT, ADS_REPORT_MAX_BYTES: '65536' }).call('list_profiles', {});
    expect(read.ok).toBe(true);
  });

  it('a redirect is followed to a declared host only', async () => {
    mocks.use(
      http.get(`${API}/v2/profiles`, () => HttpResponse.redirect('https://evil.example/profiles', 307)),
      http.get('https://evil.example/profiles', () => HttpResponse.json([])),
    );
    const refused = await host(DIRECT).call('list_profiles', {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.envelope.error_code).toBe('UPSTREAM_REDIRECT_REFUSED');
    mocks.resetHandlers();
    mocks.use(
      http.get(`${API}/v2/profiles`, () =>
        HttpResponse.redirect('https://advertising-api-eu.amazon.com/v2/profiles', 307),
      ),
      http.get('https://advertising-api-eu.amazon.com/v2/profiles', () =>
        HttpResponse.json([{ profileId: 4242, countryCode: 'UK' }]),
      ),
    );
    const followed = await host(DIRECT).call('list_profiles', {});
    expect(followed.ok).toBe(true);
  });

  it('direct LWA credentials: no identity tools; Openbridge-brokered: the identity tools list its identities', async () => {
    const direct = host({ ...DIRECT, ADS_API_TOOLSETS: 'all' })
      .tools()
      .map((t) => t.name);
    expect(direct).not.toContain('list_identities');
    const brokered = host({
      OBMCP_MOCK: '1',
      OPENBRIDGE_REFRESH_TOKEN: 'unit-key:unit-secret',
      CODE_MODE: 'off',
    });
    expect(
      brokered
        .tools()
        .map((t) => t.name)
        .filter((n) => n.includes('identit')),
    ).toEqual(['list_identities', 'set_active_identity']);
    const listed = await brokered.call('list_identities', {});
    if (!listed.ok) throw new Error(JSON.stringify(listed.envelope));
    expect((listed.value as { count: number }).count).toBeGreaterThan(0);
  });

  it('a configuration without any credential source does not start', () => {
    const config = { ...loadConfig(DIRECT), lwa: undefined };
    expect(() => createServer(config, { logger: silentLogger, env: DIRECT })).toThrow(
      'no credential source configured',
    );
    const brokered = { ...loadConfig(DIRECT), authMode: 'openbridge' as const, lwa: undefined };
    expect(() => createServer(brokered, { logger: silentLogger, env: DIRECT })).toThrow(
      'no credential source configured',
    );
  });

  it('CODE_MODE on adds the Code Mode tools; off lists the tools themselves only', () => {
    const on = host({ ...DIRECT, CODE_MODE: 'on' })
      .listed()
      .map((t) => t.name);
    const off = host({ ...DIRECT, CODE_MODE: 'off' })
      .listed()
      .map((t) => t.name);
    expect(on).toContain('search_tools');
    expect(off).not.toContain('search_tools');
    expect(off).toContain('list_profiles');
  });
});

describe('--hosted', () => {
  it('needs the LWA security profile (client id and secret)', async () => {
    const config = loadConfig({ OBMCP_MOCK: '1', OPENBRIDGE_REFRESH_TOKEN: 'unit-key:unit-secret' });
    await expect(adsHostedGate(config, {}, silentLogger)).rejects.toThrow(
      '--hosted needs ADS_API_CLIENT_ID and ADS_API_CLIENT_SECRET (your LWA security profile)',
    );
  });
});

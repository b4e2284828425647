// Unit (src): the server createServer builds, in process against the msw upstream: the user agent, the body bound
// (ADS_REPORT_MAX_BYTES), the redirect hosts, direct LWA and Openbridge-brokered credentials (identity tools only
// there), Code Mode on or off, and --hosted's refusal without an LWA security profile.
import type { Logger } from '@obmcp/contract';
import type { CreateServerOptions, LimitRule } from '@obmcp/http-kit';
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

/** A logger that keeps each line with its level and fields, as an operator's log shows them. */
function recordingLogger(
  lines: Array<{ level: string; message: string; fields: Record<string, unknown> }>,
): Logger {
  const log =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}): void => {
      lines.push({ level, message, fields });
    };
  const logger = {
    level: 'debug',
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: () => logger,
  } as unknown as Logger;
  return logger;
}

describe('what createServer is handed', () => {
  it('a limiter store handed in holds every Ads call, under the rule from the env handed in', async () => {
    const takes: Array<{ key: string; rule: LimitRule }> = [];
    const limiterStore: NonNullable<CreateServerOptions['limiterStore']> = {
      async take(key, rule) {
        takes.push({ key, rule });
        return { allowed: true, waitSeconds: 0, tokens: rule.burst - 1 };
      },
      async penalize() {},
    };
    // Only the env handed in sets the mock rate rule; process.env does not.
    expect(process.env.OBMCP_MOCK_RATE_LIMIT).toBeUndefined();
    const env = { ...DIRECT, OBMCP_MOCK_RATE_LIMIT: '7/3' };
    const server = createServer(loadConfig(env), { logger: silentLogger, env, limiterStore });
    const outcome = await server.host.call('list_profiles', {});
    expect(outcome.ok).toBe(true);
    expect(takes.length).toBeGreaterThan(0);
    for (const take of takes) expect(take.rule).toEqual({ rate: 7, burst: 3 });
  });

  it('the Login with Amazon exchange logs through the server logger', async () => {
    const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
    const server = createServer(loadConfig(DIRECT), { logger: recordingLogger(lines), env: DIRECT });
    expect((await server.host.call('list_profiles', {})).ok).toBe(true);
    const responses = lines.filter((l) => l.message === 'upstream response').map((l) => l.fields);
    expect(responses).toContainEqual(
      expect.objectContaining({ status: 200, operation: expect.stringMatching(/lwa|token/i) }),
    );
  });

  it('an Openbridge JWT refusal that echoes the refresh token reaches the agent with the token redacted', async () => {
    const token = 'unit-key:unit-secret';
    mocks.use(
      http.post('https://authentication.api.openbridge.io/auth/api/ref', () =>
        HttpResponse.json(
          { errors: [{ status: '400', detail: `refresh token ${token} is not valid` }] },
          { status: 400 },
        ),
      ),
    );
    const env = { OBMCP_MOCK: '1', OPENBRIDGE_REFRESH_TOKEN: token, CODE_MODE: 'off' };
    const outcome = await host(env).call('list_identities', {});
    expect(outcome.ok).toBe(false);
    const text = JSON.stringify(outcome);
    expect(text).not.toContain('unit-secret');
    expect(text).toContain('refresh token [redacted] is not valid');
  });

  it('a failing identity listing in set_active_identity is one warn line in the server log, with its error', async () => {
    mocks.use(
      http.get('https://remote-identity.api.openbridge.io/sri', () =>
        HttpResponse.json({ errors: [{ detail: 'nope' }] }, { status: 400 }),
      ),
    );
    const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
    const env = { OBMCP_MOCK: '1', OPENBRIDGE_REFRESH_TOKEN: 'unit-key:unit-secret', CODE_MODE: 'off' };
    const server = createServer(loadConfig(env), { logger: recordingLogger(lines), env });
    expect((await server.host.call('set_active_identity', { identityId: 99 })).ok).toBe(true);
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned.map((l) => l.message)).toEqual(['identity listing failed; skipping the identity check']);
    expect(warned[0]?.fields.error).toBeInstanceOf(Error);
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

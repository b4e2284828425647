// Direct Login with Amazon for the Ads API: the regional token host, one token per region (and per hosted user), and what a refusal, a throttle or an outage tells the caller.
import { AuthError, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialExchange } from '../../src/auth/credential-exchange.js';
import { createLwaSource } from '../../src/auth/lwa.js';
import { loadConfig } from '../../src/config.js';

const ENV = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mock-ads',
  ADS_API_CLIENT_SECRET: 'mock-ads-secret',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-ads-refresh',
};
const NA = 'https://api.amazon.com/auth/o2/token';

let mock: SetupServer;
let posted: Array<{ url: string; type: string; form: Record<string, string> }> = [];

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', async ({ request }) => {
    if (!request.url.includes('/auth/o2/token')) return;
    posted.push({
      url: request.url,
      type: request.headers.get('content-type') ?? '',
      form: Object.fromEntries(new URLSearchParams(await request.clone().text())),
    });
  });
});
afterEach(() => {
  mock.resetHandlers();
  posted = [];
});
afterAll(() => mock.close());

function source(env: Record<string, string> = {}) {
  const config = loadConfig({ ...ENV, ...env });
  if (config.lwa === undefined) throw new Error('direct mode expected');
  const send = createCredentialExchange(config, createFetcher({ timeoutMs: 5_000 }));
  return createLwaSource(send, config.lwa, config.lwaEndpoint);
}

const answer = (body: JsonBodyType, status = 200, url = NA) =>
  mock.use(http.post(url, () => HttpResponse.json(body, { status })));

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('createLwaSource', () => {
  it("posts the refresh grant to the region's LWA host and hands back the token with the client id", async () => {
    const lwa = source();
    expect(lwa.mode).toBe('direct');
    const na = await lwa.get('na');
    expect(na).toEqual({ accessToken: expect.stringMatching(/\S{8,}/), clientId: ENV.ADS_API_CLIENT_ID });
    await lwa.get('eu');
    await lwa.get('fe');
    expect(posted.map((p) => p.url)).toEqual([
      NA,
      'https://api.amazon.co.uk/auth/o2/token',
      'https://api.amazon.co.jp/auth/o2/token',
    ]);
    expect(posted[0]?.type).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(posted[0]?.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: ENV.ADS_API_REFRESH_TOKEN,
      client_id: ENV.ADS_API_CLIENT_ID,
      client_secret: ENV.ADS_API_CLIENT_SECRET,
    });
  });

  it('ADS_API_LWA_ENDPOINT replaces every region host', async () => {
    const lwa = source({ ADS_API_LWA_ENDPOINT: 'https://api.amazon.co.uk/auth/o2/token' });
    await lwa.get('na');
    expect(posted.map((p) => p.url)).toEqual(['https://api.amazon.co.uk/auth/o2/token']);
  });

  it('one token per region while fresh; invalidate (after a 401) makes the next call ask again', async () => {
    const lwa = source();
    const first = await lwa.get('na');
    expect(await lwa.get('na')).toEqual(first);
    expect(posted).toHaveLength(1);
    lwa.invalidate('eu');
    await lwa.get('na');
    expect(posted).toHaveLength(1);
    lwa.invalidate('na');
    await lwa.get('na');
    expect(posted).toHaveLength(2);
  });

  it('an expires_in of 0 or not a number means an hour; inside the five-minute margin it is asked again', async () => {
    for (const expires_in of [0, -1, '3600', undefined]) {
      answer({ access_token: 'Atza|x', expires_in });
      const lwa = source();
      await lwa.get('na');
      await lwa.get('na');
    }
    expect(posted).toHaveLength(4);
    posted = [];
    answer({ access_token: 'Atza|short', expires_in: 200 });
    const short = source();
    await short.get('na');
    await short.get('na');
    expect(posted).toHaveLength(2);
    posted = [];
    answer({ access_token: 'Atza|long', expires_in: 400 });
    const long = source();
    await long.get('na');
    await long.get('na');
    expect(posted).toHaveLength(1);
  });

  it('an answer without an access token is an invalid response', async () => {
    for (const [body, type] of [
      [{ token_type: 'bearer' }, 'undefined'],
      [{ access_token: '' }, 'string'],
      [{ access_token: 9 }, 'number'],
      [null, 'undefined'],
    ] as const) {
      answer(body);
      const error = await failure(source().get('na'));
      expect(error).toBeInstanceOf(UpstreamTransportError);
      const e = error as UpstreamTransportError;
      expect(e.code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect(e.summary).toBe('Login with Amazon answered without an access_token.');
      expect(e.details).toEqual([
        { path: 'access_token', issue: 'missing from token response', received_type: type },
      ]);
    }
  });

  it('--hosted: each user their own refresh token and their own cached token', async () => {
    const lwa = source();
    const alice = { subject: 'ads:alice', account: 'alice', secret: 'Atzr|mock-alice' };
    const bob = { subject: 'ads:bob', account: 'bob', secret: 'Atzr|mock-bob' };
    const a = await runAsHostedUser(alice, () => lwa.get('na'));
    const b = await runAsHostedUser(bob, () => lwa.get('na'));
    const own = await lwa.get('na');
    expect(new Set([a.accessToken, b.accessToken, own.accessToken]).size).toBe(3);
    expect(posted.map((p) => p.form.refresh_token)).toEqual([
      'Atzr|mock-alice',
      'Atzr|mock-bob',
      ENV.ADS_API_REFRESH_TOKEN,
    ]);
    expect((await runAsHostedUser(alice, () => lwa.get('na'))).accessToken).toBe(a.accessToken);
    runAsHostedUser(alice, () => lwa.invalidate('na'));
    expect((await lwa.get('na')).accessToken).toBe(own.accessToken);
    expect((await runAsHostedUser(bob, () => lwa.get('na'))).accessToken).toBe(b.accessToken);
    expect(posted).toHaveLength(3);
    await runAsHostedUser(alice, () => lwa.get('na'));
    expect(posted).toHaveLength(4);
  });
});

describe('the credential exchange failing (direct mode)', () => {
  it('a revoked refresh token: auth_error naming invalid_grant with the LWA hints, the secret never shown', async () => {
    answer(
      { error: 'invalid_grant', error_description: `refresh_token ${ENV.ADS_API_REFRESH_TOKEN} was revoked` },
      400,
    );
    const error = await failure(source().get('na'));
    expect(error).toBeInstanceOf(AuthError);
    const e = error as AuthError;
    expect(e.summary).toBe(
      'Login with Amazon rejected the configured credentials (HTTP 400, invalid_grant).',
    );
    expect(e.hints).toEqual([
      'Check ADS_API_CLIENT_ID / ADS_API_CLIENT_SECRET (the LWA security profile) and ADS_API_REFRESH_TOKEN.',
      'An invalid_grant means the refresh token was revoked or issued for another client: re-authorize the app in Login with Amazon.',
    ]);
    expect(JSON.stringify([e.message, e.summary, e.details])).not.toContain(ENV.ADS_API_REFRESH_TOKEN);
    expect(posted).toHaveLength(1);
  });

  it('a rejection without a code says only the status', async () => {
    mock.use(http.post(NA, () => new HttpResponse('Unauthorized', { status: 401 })));
    const error = await failure(source().get('na'));
    expect((error as AuthError).summary).toBe(
      'Login with Amazon rejected the configured credentials (HTTP 401).',
    );
  });

  it('throttled: the 429 with the wait hint', async () => {
    answer({ error: 'temporarily_unavailable', error_description: 'Rate exceeded' }, 429);
    const error = await failure(source({ ADS_API_MAX_ATTEMPTS: '1' }).get('na'));
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(429);
    expect(e.summary).toBe('Login with Amazon throttled the credential exchange (HTTP 429).');
    expect(e.hints).toEqual(['Wait before retrying: the credential service throttles token requests.']);
  });

  it('an outage: retried, then the HTTP failure with the retry hint (not "check your credentials")', async () => {
    mock.use(
      http.post(NA, () =>
        HttpResponse.json({ error: 'server_error', requestId: 'REQ-LWA-1' }, { status: 503 }),
      ),
    );
    const error = await failure(source({ ADS_API_MAX_ATTEMPTS: '2' }).get('na'));
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(503);
    expect(e.summary).toBe(
      'Login with Amazon credential exchange failed with HTTP 503; no access token could be obtained.',
    );
    expect(e.hints).toEqual(['The credential service failed server-side; retry after a short backoff.']);
    expect(e.requestId).toBe('REQ-LWA-1');
    expect(posted).toHaveLength(2);
  });
});

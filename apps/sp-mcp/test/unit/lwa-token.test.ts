// The LWA refresh grant as SP-API calls see it: the form it posts, the token it caches, the refusals it explains.
import { AuthError, UpstreamHttpError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSpAuth } from '../../src/auth/token-provider.js';
import { loadConfig } from '../../src/config.js';
import { Session } from '../../src/session/session.js';

const LWA = 'https://api.amazon.com/auth/o2/token';
const ENV = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'amzn1.application-oa2-client.mock-unit',
  SP_API_CLIENT_SECRET: 'mock-client-secret',
  SP_API_REFRESH_TOKEN: 'Atzr|mock-default',
};

let mock: SetupServer;
/** Each LWA request: its URL, content type and form fields. */
let posted: Array<{ url: string; type: string; form: Record<string, string> }> = [];

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', async ({ request }) => {
    if (!request.url.includes('/auth/o2/token')) return;
    const text = await request.clone().text();
    posted.push({
      url: request.url,
      type: request.headers.get('content-type') ?? '',
      form: Object.fromEntries(new URLSearchParams(text)),
    });
  });
});
afterEach(() => {
  mock.resetHandlers();
  posted = [];
});
afterAll(() => mock.close());

function auth(env: Record<string, string> = {}) {
  const all = { ...ENV, ...env };
  const config = loadConfig(all);
  return createSpAuth(config, createFetcher({ timeoutMs: 5_000 }), new Session(config, all));
}

/** The LWA answer for every refresh grant, whatever was asked. */
const answer = (body: JsonBodyType, status = 200) =>
  mock.use(http.post(LWA, () => HttpResponse.json(body, { status })));

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('the LWA refresh grant (token-provider)', () => {
  it('posts the refresh grant as a form with the app credentials and sends the token as x-amz-access-token', async () => {
    const sp = auth();
    const headers = await sp.headers('default');
    expect(headers).toEqual({ 'x-amz-access-token': expect.stringMatching(/\S{8,}/) });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe(LWA);
    expect(posted[0]?.type).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(posted[0]?.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'Atzr|mock-default',
      client_id: 'amzn1.application-oa2-client.mock-unit',
      client_secret: 'mock-client-secret',
    });
  });

  it('keeps the token for its hour: a second call asks LWA nothing', async () => {
    const sp = auth();
    const first = await sp.token('default');
    expect(await sp.token('default')).toBe(first);
    expect(sp.headers('default')).toEqual({ 'x-amz-access-token': first });
    expect(posted).toHaveLength(1);
  });

  it('an expires_in of 0 or not a number means the documented hour; a short one is refreshed at once', async () => {
    for (const expires_in of [0, -5, '3600', undefined]) {
      answer({ access_token: `Atza|cached-${String(expires_in)}`, token_type: 'bearer', expires_in });
      const sp = auth();
      await sp.token('default');
      expect(await sp.token('default')).toBe(`Atza|cached-${String(expires_in)}`);
    }
    expect(posted).toHaveLength(4);
    posted = [];
    // 200 s is inside the five minutes the cache refreshes early: every call asks again.
    answer({ access_token: 'Atza|short', token_type: 'bearer', expires_in: 200 });
    const sp = auth();
    await sp.token('default');
    await sp.token('default');
    expect(posted).toHaveLength(2);
    posted = [];
    // 400 s is past the early refresh: kept.
    answer({ access_token: 'Atza|long', token_type: 'bearer', expires_in: 400 });
    const long = auth();
    await long.token('default');
    await long.token('default');
    expect(posted).toHaveLength(1);
  });

  it("each identity's own refresh token; an unknown scope is the active identity's", async () => {
    const sp = auth({ SP_API_REFRESH_TOKEN: 'Atzr|mock-other' });
    await sp.token('default');
    await sp.token('no-such-identity');
    expect(posted.map((p) => p.form.refresh_token)).toEqual(['Atzr|mock-other', 'Atzr|mock-other']);
  });

  it('SP_API_LWA_ENDPOINT is where the grant goes', async () => {
    const sp = auth({ SP_API_LWA_ENDPOINT: 'https://api.amazon.co.uk/auth/o2/token' });
    await sp.token('default');
    expect(posted.map((p) => p.url)).toEqual(['https://api.amazon.co.uk/auth/o2/token']);
  });

  it('a revoked refresh token: auth_error with the re-authorize hint, asked once, never the secret', async () => {
    const error = await failure(auth({ SP_API_REFRESH_TOKEN: 'Atzr|revoked' }).token('default'));
    expect(error).toBeInstanceOf(AuthError);
    const e = error as AuthError;
    expect(e.status).toBe(400);
    expect(e.summary).toBe('Login with Amazon token exchange failed with HTTP 400 (invalid_grant).');
    expect(e.hints[0]).toMatch(/re-authorize the selling partner application/);
    expect(e.details[0]).toMatchObject({ upstream_code: 'invalid_grant', upstream_status: 400 });
    expect(JSON.stringify([e.message, e.summary, e.details, e.hints])).not.toMatch(
      /mock-client-secret|Atzr\|revoked/,
    );
    expect(posted).toHaveLength(1);
  });

  it('LWA down: two attempts, then an outage (not a credential refusal)', async () => {
    answer({ error: 'server_error', error_description: 'down' }, 503);
    const error = await failure(auth().token('default'));
    expect(posted).toHaveLength(2);
    expect(error).not.toBeInstanceOf(AuthError);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect((error as UpstreamHttpError).status).toBe(503);
  });

  it('a 200 without an access_token is refused as an invalid response', async () => {
    for (const body of [{ token_type: 'bearer' }, { access_token: '' }, { access_token: 42 }, null]) {
      answer(body);
      const error = await failure(auth().token('default'));
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).summary).toBe(
        'Login with Amazon token exchange failed with HTTP 200 (invalid_response).',
      );
      expect((error as AuthError).details[0]?.issue).toBe('LWA returned no access_token');
    }
  });

  it('an expired-token 403 from SP-API is recognised (the pipeline refreshes and resends once)', () => {
    const sp = auth();
    const res = (status: number, body: unknown) =>
      ({ status, isJson: true, json: () => body, text: () => JSON.stringify(body) }) as never;
    const expired = {
      errors: [
        {
          code: 'Unauthorized',
          message: 'Access to requested resource is denied.',
          details: 'The access token you provided has expired.',
        },
      ],
    };
    expect(sp.isExpired(res(403, expired))).toBe(true);
    expect(sp.isExpired(res(401, expired))).toBe(false);
    expect(
      sp.isExpired(
        res(403, {
          errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' }],
        }),
      ),
    ).toBe(false);
  });
});

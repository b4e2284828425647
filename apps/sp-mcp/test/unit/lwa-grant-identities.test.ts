// The LWA grant per identity and what its failures carry: each identity's own refresh token, the request id, the service named, the call's cancellation, the grant in the log.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthError, type Logger, UpstreamHttpError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { captureLogger } from '@obmcp/test-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSpAuth } from '../../src/auth/token-provider.js';
import { loadConfig } from '../../src/config.js';
import { Session } from '../../src/session/session.js';

const LWA = 'https://api.amazon.com/auth/o2/token';
const APP = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'amzn1.application-oa2-client.mock-unit',
  SP_API_CLIENT_SECRET: 'mock-client-secret',
};

let mock: SetupServer;
let refreshTokens: string[] = [];
beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', async ({ request }) => {
    if (request.url !== LWA) return;
    refreshTokens.push(new URLSearchParams(await request.clone().text()).get('refresh_token') ?? '');
  });
});
afterEach(() => {
  mock.resetHandlers();
  refreshTokens = [];
});
afterAll(() => mock.close());

function auth(env: Record<string, string>, log?: Logger) {
  const config = loadConfig(env);
  return createSpAuth(config, createFetcher({ timeoutMs: 5_000 }), new Session(config, env), log);
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('the LWA grant per identity', () => {
  it('each identity of the identities file is exchanged with its own refresh token; an unknown one as the active identity', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sp-lwa-')), 'identities.json');
    writeFileSync(
      file,
      JSON.stringify({
        identities: [
          { id: 'us', refreshToken: 'Atzr|mock-us' },
          { id: 'jp', refreshToken: 'Atzr|mock-jp', region: 'fe' },
        ],
      }),
    );
    const sp = auth({ ...APP, SP_API_IDENTITIES_FILE: file, SP_API_ACTIVE_IDENTITY: 'us' });
    await sp.token('jp');
    await sp.token('us');
    await sp.token('gone');
    expect(refreshTokens).toEqual(['Atzr|mock-jp', 'Atzr|mock-us', 'Atzr|mock-us']);
  });

  it('the grant is logged as lwaRefreshGrant (never with its secrets)', async () => {
    const log = captureLogger();
    await auth({ ...APP, SP_API_REFRESH_TOKEN: 'Atzr|mock-logged' }, log).token('default');
    expect(log.lines).toContainEqual({
      level: 'debug',
      msg: 'upstream response',
      fields: { operation: 'lwaRefreshGrant', status: 200 },
    });
    expect(JSON.stringify(log.lines)).not.toMatch(/mock-client-secret|mock-logged/);
  });

  it('a cancelled call cancels the grant', async () => {
    const controller = new AbortController();
    controller.abort();
    const sp = auth({ ...APP, SP_API_REFRESH_TOKEN: 'Atzr|mock-abort' });
    await expect(sp.headers('default', controller.signal)).rejects.toThrow();
    expect(refreshTokens).toEqual([]);
  });

  it('a refusal carries the LWA request id; an outage names Login with Amazon', async () => {
    mock.use(
      http.post(LWA, () =>
        HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client authentication failed' },
          { status: 401, headers: { 'x-amzn-requestid': 'REQ-LWA-401' } },
        ),
      ),
    );
    const refused = await failure(auth({ ...APP, SP_API_REFRESH_TOKEN: 'Atzr|mock-x' }).token('default'));
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).requestId).toBe('REQ-LWA-401');
    mock.use(http.post(LWA, () => HttpResponse.json({ error: 'server_error' }, { status: 500 })));
    const down = await failure(auth({ ...APP, SP_API_REFRESH_TOKEN: 'Atzr|mock-x' }).token('default'));
    expect(down).toBeInstanceOf(UpstreamHttpError);
    expect((down as UpstreamHttpError).details[0]?.issue).toBe(
      'Login with Amazon answered HTTP 500 to the credential exchange; no access token was obtained, so the API was not called',
    );
  });

  it('an expires_in sent as text is not trusted: the documented hour', async () => {
    mock.use(http.post(LWA, () => HttpResponse.json({ access_token: 'Atza|text', expires_in: '200' })));
    const sp = auth({ ...APP, SP_API_REFRESH_TOKEN: 'Atzr|mock-x' });
    await sp.token('default');
    await sp.token('default');
    expect(refreshTokens).toHaveLength(1);
  });
});

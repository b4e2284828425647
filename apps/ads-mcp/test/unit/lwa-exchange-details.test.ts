// What else a direct LWA exchange carries: the call's cancellation, the request id Amazon sends as a header, the service named in an outage's detail, the exchange in the log.
import { AuthError, type Logger, type UpstreamHttpError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { captureLogger } from '@obmcp/test-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
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
  ADS_API_MAX_ATTEMPTS: '1',
};
const NA = 'https://api.amazon.com/auth/o2/token';

let mock: SetupServer;
let grants = 0;
beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (request.url === NA) grants += 1;
  });
});
afterEach(() => {
  mock.resetHandlers();
  grants = 0;
});
afterAll(() => mock.close());

function source(log?: Logger) {
  const config = loadConfig(ENV);
  if (config.lwa === undefined) throw new Error('direct mode expected');
  const send = createCredentialExchange(config, createFetcher({ timeoutMs: 5_000 }), log ? { log } : {});
  return createLwaSource(send, config.lwa);
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('a direct LWA exchange', () => {
  it('a cancelled call sends no grant', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(source().get('na', controller.signal)).rejects.toThrow();
    expect(grants).toBe(0);
  });

  it("a refusal carries Amazon's request id header", async () => {
    mock.use(
      http.post(NA, () =>
        HttpResponse.json(
          { error: 'invalid_client' },
          { status: 401, headers: { 'x-amzn-RequestId': 'REQ-ADS-LWA' } },
        ),
      ),
    );
    const error = await failure(source().get('na'));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).requestId).toBe('REQ-ADS-LWA');
  });

  it('an outage names Login with Amazon in its detail', async () => {
    mock.use(http.post(NA, () => HttpResponse.json({ error: 'server_error' }, { status: 500 })));
    const error = await failure(source().get('na'));
    expect((error as UpstreamHttpError).details[0]?.issue).toBe(
      'Login with Amazon answered HTTP 500 to the credential exchange; no access token was obtained, so the API was not called',
    );
  });

  it('the exchange is logged by operation, without its secrets', async () => {
    const log = captureLogger();
    await source(log).get('na');
    expect(log.lines).toContainEqual({
      level: 'debug',
      msg: 'upstream response',
      fields: { operation: 'lwaRefreshGrant', status: 200 },
    });
    expect(JSON.stringify(log.lines)).not.toMatch(/mock-ads-secret|mock-ads-refresh/);
  });
});

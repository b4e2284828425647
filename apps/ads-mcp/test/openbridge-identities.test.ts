// Openbridge identity listing (/sri) through the pipeline, in process against the msw mocks: retry, error bodies, the per-IP budget.
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { RateLimitedError } from '@obmcp/contract';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityPipeline, listAdsIdentities } from '../src/auth/openbridge-identities.js';
import { adsRetry } from '../src/config.js';
import { profile } from '../src/profile.js';
import { openbridgeChain, REFRESH_TOKEN } from './support/openbridge-chain.js';

const SRI_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'listSharedRemoteIdentities');
let mock: SetupServer;
let sri = 0;
let jwtExchanges = 0;
/** The Bearer JWT of each /sri request, in order. */
let sriJwts: string[] = [];

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.href.startsWith(SRI_URL)) {
      sri += 1;
      sriJwts.push(request.headers.get('authorization') ?? '');
    }
    if (url.pathname === '/auth/api/ref') jwtExchanges += 1;
  });
});
afterEach(() => {
  mock.resetHandlers();
  sri = 0;
  jwtExchanges = 0;
  sriJwts = [];
});
afterAll(() => mock.close());

/** ads-mcp's Openbridge wiring as server.ts builds it, with `env` for the limiter rules. */
function lister(env: Record<string, string> = { OBMCP_MOCK: '1' }) {
  const { config, fetcher, limits, jwt } = openbridgeChain({ env });
  // Mock mode's 1 s retry budget may not fit a retry on a loaded machine: the wiring is under test here.
  const retry = { ...adsRetry(config), maxTotalMs: 60_000 };
  const pipeline = identityPipeline({ fetcher, jwt, refreshToken: REFRESH_TOKEN, limits, retry });
  return { list: () => listAdsIdentities(pipeline), maxAttempts: config.maxAttempts };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the listing should have failed'),
    (e: unknown) => e,
  );
}

const envelopeOf = (error: unknown) => envelopeFromThrown(error, { profile, tool: 'list_identities' });

describe('Openbridge identity listing through the pipeline', () => {
  it('a 503 then a 200: retried once, the identities come back', async () => {
    mock.use(
      http.get(SRI_URL, () => HttpResponse.json({ detail: 'busy' }, { status: 503 }), {
        once: true,
      }),
    );
    const identities = await lister().list();
    expect(identities.map((i) => i.id)).toEqual(expect.arrayContaining([7460, 7462, 8120]));
    expect(sri).toBe(2);
  });

  it('a non-JSON 502 (an HTML gateway page): retried, then OPENBRIDGE_HTTP_502 without the page', async () => {
    mock.use(
      http.get(SRI_URL, () =>
        HttpResponse.html('<html><body>502 Bad Gateway secret-ish-page</body></html>', { status: 502 }),
      ),
    );
    const { list, maxAttempts } = lister();
    const envelope = envelopeOf(await rejection(list()));
    expect(sri).toBe(maxAttempts);
    expect(envelope).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'OPENBRIDGE_HTTP_502',
      retryable: true,
    });
    // Openbridge's bodies are read by the one Openbridge parser (@obmcp/openbridge-upstream), as openbridge-mcp reads them.
    expect(envelope.details[0]?.issue).toBe('Upstream returned an HTML error page.');
    expect(JSON.stringify(envelope)).not.toContain('secret-ish-page');
  });

  it('lists only ids set_active_identity accepts: a null, empty or zero id is dropped, not identity 0', async () => {
    const entry = (id: unknown) => ({ id, type: 'RemoteIdentity', attributes: { name: `n${String(id)}` } });
    mock.use(
      http.get(SRI_URL, () =>
        HttpResponse.json({
          data: [entry(null), entry(''), entry('0'), entry(-3), entry(1), entry('7460')],
          links: {},
        }),
      ),
    );
    expect((await lister().list()).map((i) => i.id)).toEqual([1, 7460]);
  });

  it('a plain-text 400 is not retried and keeps the Openbridge code family', async () => {
    mock.use(http.get(SRI_URL, () => HttpResponse.text('bad page_size', { status: 400 })));
    const envelope = envelopeOf(await rejection(lister().list()));
    expect(sri).toBe(1);
    expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_400', retryable: false });
  });

  it("spends from Openbridge's per-IP budget, like the JWT exchange before it", async () => {
    // Two requests that do not refill within the test: the JWT exchange and the first /sri page.
    const { list } = lister({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_LIMIT: '0.001/2' });
    await list();
    expect([jwtExchanges, sri]).toEqual([1, 1]);
    await expect(list()).rejects.toBeInstanceOf(RateLimitedError);
    expect(sri).toBe(1);
  });

  // The remote-identity API's answer to a JWT it no longer accepts (the mock's own 401 body, DRF style).
  const jwtRejected = () =>
    HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 });

  it('a JWT rejected with 401 (expired or revoked early): one more exchange, one resend, the identities come back', async () => {
    mock.use(http.get(SRI_URL, jwtRejected, { once: true }));
    const identities = await lister().list();
    expect(identities.map((i) => i.id)).toEqual(expect.arrayContaining([7460, 7462, 8120]));
    expect([jwtExchanges, sri]).toEqual([2, 2]);
    // The resend carried the new JWT, not the rejected one.
    expect(sriJwts[1]).toMatch(/^Bearer \S+\.\S+\.\S+$/);
    expect(sriJwts[1]).not.toBe(sriJwts[0]);
  });

  it('a JWT still rejected after the one refresh: auth_error OPENBRIDGE_HTTP_401, no further exchange or retry', async () => {
    mock.use(http.get(SRI_URL, jwtRejected));
    const envelope = envelopeOf(await rejection(lister().list()));
    expect([jwtExchanges, sri]).toEqual([2, 2]);
    expect(envelope).toMatchObject({
      error_kind: 'auth_error',
      error_code: 'OPENBRIDGE_HTTP_401',
      retryable: false,
    });
  });
});

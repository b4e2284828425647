// What every SP-API call shares (the client and the upstream description): the regional host, the rate limit and
// request id Amazon sends back, retries, the error envelope, unknown fields passed through when strict mode is off.
import type { Logger } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';
import { VERSION } from '../src/version.js';
import { bare, SP, TOOL_ENV, toolHarness, US } from './support/tool-calls.js';

const t = toolHarness();
const use = (...handlers: Parameters<ReturnType<typeof t.mocks>['use']>) => t.mocks().use(...handlers);
const PARTICIPATIONS = '/sellers/v1/marketplaceParticipations';

describe('the SP-API host', () => {
  it('set_region eu: later calls go to the EU host', async () => {
    const hosts: string[] = [];
    for (const host of [
      'https://sellingpartnerapi-eu.amazon.com',
      'https://sellingpartnerapi-fe.amazon.com',
      SP,
    ])
      use(
        http.get(`${host}${PARTICIPATIONS}`, () => {
          hosts.push(host);
          return HttpResponse.json({ payload: [] });
        }),
      );
    const server = t.server();
    await server.ok('get_marketplace_participations', {});
    await server.ok('set_region', { region: 'eu' });
    await server.ok('get_marketplace_participations', {});
    await server.ok('set_region', { region: 'fe' });
    await server.ok('get_marketplace_participations', {});
    expect(hosts).toEqual([
      SP,
      'https://sellingpartnerapi-eu.amazon.com',
      'https://sellingpartnerapi-fe.amazon.com',
    ]);
  });
});

describe('what Amazon’s headers tell the agent', () => {
  it('x-amzn-RateLimit-Limit is the rate in _meta; x-amzn-RequestId the request id', async () => {
    use(
      http.get(`${SP}${PARTICIPATIONS}`, () =>
        HttpResponse.json(
          { payload: [] },
          { headers: { 'x-amzn-RateLimit-Limit': '0.0167', 'x-amzn-RequestId': 'req-abc-123' } },
        ),
      ),
    );
    const r = await t.ok('get_marketplace_participations', {});
    expect(r._meta).toMatchObject({ rate_limit: { limit_per_second: 0.0167 }, request_id: 'req-abc-123' });
  });

  it('an error answer: the SP-API envelope with Amazon’s code, message and request id', async () => {
    use(
      http.get(`${SP}${PARTICIPATIONS}`, () =>
        HttpResponse.json(
          { errors: [{ code: 'InvalidInput', message: 'bad thing', details: '' }] },
          { status: 400, headers: { 'x-amzn-RequestId': 'req-err-1' } },
        ),
      ),
    );
    const env = await t.refused('get_marketplace_participations', {});
    expect(env).toMatchObject({
      error_code: 'SP_API_HTTP_400',
      error_kind: 'sp_api_http',
      retryable: false,
      details: [{ issue: 'bad thing', upstream_code: 'InvalidInput' }],
    });
    expect(JSON.stringify(env)).toContain('req-err-1');
  });

  it('a 200 whose body is only errors is a failure, not an empty answer', async () => {
    use(
      http.get(`${SP}${PARTICIPATIONS}`, () =>
        HttpResponse.json({ errors: [{ code: 'InternalFailure', message: 'oops' }] }),
      ),
    );
    const env = await t.refused('get_marketplace_participations', {});
    expect(JSON.stringify(env.details)).toContain('oops');
  });

  it('a 200 that is an HTML page: an invalid answer that names SP-API, never the page', async () => {
    use(
      http.get(
        `${SP}${PARTICIPATIONS}`,
        () =>
          new HttpResponse('<html><body>maintenance</body></html>', {
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const env = await t.refused('get_marketplace_participations', {}, { SP_API_MAX_ATTEMPTS: '1' });
    expect(env).toMatchObject({
      error_code: 'UPSTREAM_INVALID_RESPONSE',
      summary: expect.stringMatching(/^SP-API answered HTTP 200 with text\/html/),
    });
    expect(JSON.stringify(env)).not.toContain('maintenance');
  });
});

describe('retries', () => {
  it('a 503 is retried (3 attempts by default) and the answer comes from the one that worked', async () => {
    let n = 0;
    use(
      http.get(`${SP}${PARTICIPATIONS}`, () => {
        n += 1;
        return n < 3
          ? HttpResponse.json({ errors: [{ code: 'ServiceUnavailable', message: 'later' }] }, { status: 503 })
          : HttpResponse.json({ payload: [{ ok: n }] });
      }),
    );
    expect(bare(await t.ok('get_marketplace_participations', {}))).toEqual({ participations: [{ ok: 3 }] });
    expect(t.sent).toHaveLength(3);
  });

  it('SP_API_MAX_ATTEMPTS=1: one request, the 503 envelope is retryable', async () => {
    use(
      http.get(`${SP}${PARTICIPATIONS}`, () =>
        HttpResponse.json({ errors: [{ code: 'ServiceUnavailable', message: 'later' }] }, { status: 503 }),
      ),
    );
    const env = await t.refused('get_marketplace_participations', {}, { SP_API_MAX_ATTEMPTS: '1' });
    expect(env).toMatchObject({ error_code: 'SP_API_HTTP_503', retryable: true });
    expect(t.sent).toHaveLength(1);
  });
});

describe('strict mode off: unknown fields reach Amazon', () => {
  it('a GET’s unknown top-level field joins the query (the tool’s own fields win)', async () => {
    await t.call(
      'get_orders',
      {
        marketplaceIds: [US],
        createdAfter: '2026-03-01T00:00:00Z',
        EasyShipShipmentStatuses: ['PendingPickUp'],
      },
      { MCP_STRICT_UNKNOWN_FIELDS: 'false' },
    );
    expect(t.sent[0]?.query).toEqual({
      MarketplaceIds: US,
      CreatedAfter: '2026-03-01T00:00:00Z',
      EasyShipShipmentStatuses: 'PendingPickUp',
    });
  });

  it('strict (the default): the unknown field is refused before any request', async () => {
    const env = await t.refused('get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      EasyShipShipmentStatuses: ['PendingPickUp'],
    });
    expect(env.details[0]?.path).toBe('EasyShipShipmentStatuses');
    expect(t.sent).toEqual([]);
  });
});

describe('hint tables', () => {
  it.each([
    ['MarketplaceIds', { MarketplaceIds: [US] }],
    ['marketplaceId', { marketplaceId: [US] }],
    ['marketplace_ids', { marketplace_ids: [US] }],
    ['AmazonOrderIds', { marketplaceIds: [US], AmazonOrderIds: ['902-3159896-1390916'] }],
  ])('a v0 or near-miss name (%s) is read as this server’s name', async (_name, args) => {
    await t.ok('get_orders', { ...args, createdAfter: '2026-03-01T00:00:00Z' });
    expect(t.sent[0]?.query).toEqual({
      MarketplaceIds: US,
      CreatedAfter: '2026-03-01T00:00:00Z',
      ...('AmazonOrderIds' in args ? { AmazonOrderIds: '902-3159896-1390916' } : {}),
    });
  });

  it('a marketplace given by country is refused with its id suggested', async () => {
    const env = await t.refused('get_item_offers', {
      asin: 'B08N5WRWNW',
      marketplaceId: 'US',
      itemCondition: 'New',
    });
    expect(JSON.stringify(env)).toContain(US);
  });
});

describe('the server’s fetchers and restricted data', () => {
  it('SP-API calls and document downloads name this server and version, and carry no SP-API credentials to S3', async () => {
    const agents: Array<string | null> = [];
    const listener = ({ request }: { request: Request }) => {
      if (!new URL(request.url).pathname.startsWith('/tokens/'))
        agents.push(request.headers.get('user-agent'));
    };
    t.mocks().events.on('request:start', listener);
    await t.ok('get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain' });
    t.mocks().events.removeListener('request:start', listener);
    // The LWA token, the SP-API call and the S3 download.
    expect(agents).toEqual(Array(3).fill(`obmcp-sp/${VERSION} (Language=TypeScript)`));
    expect(t.documents).toEqual([expect.objectContaining({ credentials: false })]);
  });

  it('SP_API_MAX_DOCUMENT_BYTES bounds a download: a bigger document is refused', async () => {
    const args = { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-huge' };
    const env = await t.refused('get_report_document', args, { SP_API_MAX_DOCUMENT_BYTES: '65536' });
    expect(JSON.stringify(env)).toMatch(/65536|64 KiB|too large|exceed/i);
    const doc = await t.ok('get_report_document', args, {
      SP_API_MAX_DOCUMENT_BYTES: String(4 * 1024 * 1024),
    });
    expect(doc.content).toHaveLength(100_000);
  });

  it('a restricted document gets a restricted-data token; with SP_API_RESTRICTED_DATA_TOKENS=false none is asked', async () => {
    const args = {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-pii',
      reportType: 'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING',
    };
    await t.ok('get_report_document', args);
    expect(t.tokens).toHaveLength(1);
    t.tokens.length = 0;
    const env = await t.refused('get_report_document', args, { SP_API_RESTRICTED_DATA_TOKENS: 'false' });
    expect(env.error_code).toBe('SP_API_HTTP_403');
    expect(t.tokens).toEqual([]);
  });

  it('sandbox mode asks for no restricted-data token', async () => {
    await t.ok('get_order', { orderId: 'TEST_CASE_200' }, { SP_API_SANDBOX: 'true' });
    expect(t.tokens).toEqual([]);
  });
});

/** A logger that keeps every line it is handed. */
function capturingLogger() {
  const lines: Array<{ level: string; msg: string; fields?: Record<string, unknown> }> = [];
  const line = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ level, msg, ...(fields ? { fields } : {}) });
  };
  const logger: Logger = {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: () => logger,
  };
  return { lines, logger };
}

describe('what the server is handed', () => {
  it('an unclassified error is logged by the server’s own logger, with the env it was given (not the process’s)', async () => {
    const { lines, logger } = capturingLogger();
    const env = { ...TOOL_ENV, OBMCP_TEST_HOOKS: '1' };
    const { host } = createServer(loadConfig(env), { logger, env });
    const outcome = await host.call('obmcp_test_crash', {});
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(lines)).toContain('canary 5f0c');
  });

  it('a deployment’s shared limiter store is the one a call spends from: a bucket another replica emptied holds the call', async () => {
    const keys: string[] = [];
    // An emptied shared bucket, as the store answers it: no token, the next one in 60 s (past the wait bound).
    const limiterStore = {
      take: async (key: string) => {
        keys.push(key);
        return { allowed: false, waitSeconds: 60, tokens: 0 };
      },
      penalize: async () => {},
    };
    const { host } = createServer(loadConfig(TOOL_ENV), {
      logger: silentLogger,
      env: TOOL_ENV,
      limiterStore,
    });
    const outcome = await host.call('get_marketplace_participations', {});
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.envelope.retryable).toBe(true);
    // One bucket per app, operation and seller identity: sp-mcp's keys cannot collide with another app's.
    expect(keys).toEqual(['sp:sellers.getMarketplaceParticipations@default']);
    expect(t.sent).toEqual([]);
  });
});

describe('the server’s log', () => {
  it('each SP-API answer is a debug line of the server’s logger naming the operation and status', async () => {
    const { lines, logger } = capturingLogger();
    use(http.get(`${SP}${PARTICIPATIONS}`, () => HttpResponse.json({ payload: [] }, { status: 200 })));
    const { host } = createServer(loadConfig(TOOL_ENV), { logger, env: TOOL_ENV });
    expect((await host.call('get_marketplace_participations', {})).ok).toBe(true);
    expect(lines).toContainEqual({
      level: 'debug',
      msg: 'upstream response',
      fields: { operation: 'sellers.getMarketplaceParticipations', status: 200 },
    });
  });
});

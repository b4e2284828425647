// No app reaches an upstream URL outside its catalog: every request a spread of each app's tools sends (and ads-mcp's
// Openbridge-brokered credentials) is an operation of that app's catalog (SP, Ads: the generated catalogs its tools
// declare; Openbridge: @obmcp/openbridge-upstream's, under its host keys) or one of the few named endpoints that are
// no API operation (the LWA grant, pre-signed storage files). Any other URL fails the test.
import { declaredOperations, type OperationMeta } from '@obmcp/openapi-tools';
import { openbridgeCatalog, OPENBRIDGE_DEFAULT_HOSTS } from '@obmcp/openbridge-upstream';
import { startMockServer } from '@obmcp/upstream-mocks';
import { afterAll, describe, expect, it } from 'vitest';
import { type InProcessApp, inProcessApp } from '../src/in-process.js';

const mocks = startMockServer();
const sent: string[] = [];
mocks.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${request.url}`);
});
afterAll(() => mocks.close());

interface Route {
  method: string;
  host: RegExp;
  path: RegExp;
}

/** Regex-escaped, braces aside (they are the placeholders). */
const literal = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
/** A path template as a pattern: each `{placeholder}` is one non-empty segment. */
const pathPattern = (template: string) => new RegExp(`^${literal(template).replace(/\{[^}]+\}/g, '[^/]+')}$`);

const route = (method: string, host: RegExp, template: string): Route => ({
  method,
  host,
  path: pathPattern(template),
});

/** The Openbridge catalog: each operation under its host key's host only. */
const OPENBRIDGE_ROUTES: Route[] = openbridgeCatalog().operations.map((op) =>
  route(
    op.meta.method,
    new RegExp(`^${literal(new URL(OPENBRIDGE_DEFAULT_HOSTS[op.meta.api as 'auth']).host)}$`),
    op.meta.path,
  ),
);

/** Not API operations, each with its reason: the LWA refresh grant and the pre-signed files an API hands out. */
const PRESIGNED_FILES: Route = { method: 'GET', host: /^[a-z0-9.-]+\.amazonaws\.com$/, path: /^\/.+/ };
const AMAZON_NON_CATALOG: Route[] = [
  route('POST', /^api\.amazon\.(com|co\.uk|co\.jp)$/, '/auth/o2/token'),
  PRESIGNED_FILES,
];

/** Every operation any of the app's tools (listed or hidden) declares: the binding tests prove them catalog entries. */
function declaredRoutes(app: InProcessApp, host: RegExp): Route[] {
  const ops: OperationMeta[] = app.contract.host.tools().flatMap((t) => declaredOperations(t) ?? []);
  return ops.map((op) => route(op.method, host, op.path));
}

function outside(requests: readonly string[], routes: readonly Route[]): string[] {
  return requests.filter((r) => {
    const [method = '', raw = ''] = r.split(' ');
    const url = new URL(raw);
    return !routes.some((x) => x.method === method && x.host.test(url.host) && x.path.test(url.pathname));
  });
}

/** Every k-th listed tool (at most `size`), called with its first example; outcomes do not matter here. */
async function callSpread(app: InProcessApp, size: number): Promise<number> {
  const names = app.contract.host.listed().map((t) => t.name);
  const step = Math.max(1, Math.ceil(names.length / size));
  const picked = names.filter((_, i) => i % step === 0);
  for (const name of picked) {
    const examples = (app.contract.host.describe(name)?._meta?.['io.obmcp/examples'] ?? []) as unknown[];
    await app.call(name, examples[0] ?? {}, 20_000);
  }
  return picked.length;
}

async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const before = sent.length;
  await run();
  return sent.slice(before);
}

const AMAZON_API = (prefix: string) => new RegExp(`^${prefix}(-[a-z]+)?\\.amazon\\.com$`);

describe('no app reaches an upstream URL outside its catalog', () => {
  it('the check itself: a URL no route names is reported, a catalog URL is not', () => {
    const job = 'GET https://service.api.openbridge.io/service/jobs/jobs/42';
    const elsewhere = 'GET https://service.api.openbridge.io/service/jobs/other/42';
    const otherHost = 'GET https://subscriptions.api.openbridge.io/service/jobs/jobs/42';
    expect(outside([job, elsewhere, otherHost], OPENBRIDGE_ROUTES)).toEqual([elsewhere, otherHost]);
  });

  it('openbridge-mcp: only operations of the Openbridge catalog', async () => {
    const app = await inProcessApp('openbridge-mcp', {
      OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
      OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
    });
    const requests = await requestsOf(() => callSpread(app, 100));
    expect(requests.length).toBeGreaterThan(20);
    expect(outside(requests, OPENBRIDGE_ROUTES)).toEqual([]);
  }, 180_000);

  it('sp-mcp: only operations of its catalog, the LWA grant and pre-signed documents', async () => {
    const app = await inProcessApp('sp-mcp', { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' });
    const requests = await requestsOf(() => callSpread(app, 80));
    expect(requests.length).toBeGreaterThan(40);
    const routes = [
      ...declaredRoutes(app, AMAZON_API('(sandbox\\.)?sellingpartnerapi')),
      ...AMAZON_NON_CATALOG,
    ];
    expect(outside(requests, routes)).toEqual([]);
  }, 240_000);

  it('ads-mcp: only operations of its catalog, the LWA grant and pre-signed files', async () => {
    const app = await inProcessApp('ads-mcp', { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' });
    const requests = await requestsOf(() => callSpread(app, 80));
    expect(requests.length).toBeGreaterThan(40);
    const routes = [...declaredRoutes(app, AMAZON_API('advertising-api')), ...AMAZON_NON_CATALOG];
    expect(outside(requests, routes)).toEqual([]);
  }, 240_000);

  it("ads-mcp's Openbridge-brokered mode: its Openbridge requests are operations of the Openbridge catalog", async () => {
    const app = await inProcessApp('ads-mcp', {
      ADS_AUTH_MODE: 'openbridge',
      OPENBRIDGE_IDENTITY_ID: '7460',
    });
    const requests = await requestsOf(async () => {
      await app.call('list_identities', {});
      await callSpread(app, 10);
    });
    const openbridge = requests.filter((r) => r.includes('.api.openbridge.io'));
    expect(openbridge.length).toBeGreaterThanOrEqual(3);
    // Brokered credentials come from Openbridge, so the LWA grant is not allowed here; pre-signed files (AMC results
    // in the default listing) are fetched as in the other modes.
    const routes = [
      ...declaredRoutes(app, AMAZON_API('advertising-api')),
      ...OPENBRIDGE_ROUTES,
      PRESIGNED_FILES,
    ];
    expect(outside(requests, routes)).toEqual([]);
  }, 180_000);
});

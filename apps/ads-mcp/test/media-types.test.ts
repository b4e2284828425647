// A regressed media type cannot pass: the server sends exactly the recipe's Content-Type and Accept, and the
// spec-checking mock answers 415 to anything else, which reaches the agent as an ADS_API_HTTP_415 envelope.
// In-process (the contract host) against the mocks, with one recipe tampered with the way a regression would.
import { silentLogger } from '@obmcp/mcp-server/testing';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { adsCatalog } from '../src/operations/catalog.js';
import { createServer } from '../src/server.js';
import { US_PROFILE } from './helpers.js';

/** The mocks' own dummy LWA client (packages/upstream-mocks/src/ads/index.ts), not a credential. */
const ENV = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret-not-real',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-ads-refresh-token-not-real',
  ADS_API_PROFILE_ID: String(US_PROFILE),
  ADS_API_TOOLSETS: 'all',
  ADS_API_MAX_ATTEMPTS: '1',
  CODE_MODE: 'off',
};

/** A generated operation whose spec declares vendor types for both its request body and its answer. */
const TOOL = 'ad_export';

let mocks: SetupServer;
let op: CatalogOperation;
let original: CatalogOperation['recipe'];
beforeAll(() => {
  mocks = startMockServer();
  const found = adsCatalog().operations.find((o) => o.name === TOOL);
  if (!found) throw new Error(`${TOOL} is not in the catalog`);
  op = found;
  original = structuredClone(op.recipe);
});
afterEach(() => {
  op.recipe = structuredClone(original);
});
afterAll(() => mocks.close());

const call = () =>
  createServer(loadConfig(ENV), { logger: silentLogger, env: ENV }).host.call(TOOL, op.examples[0] ?? {});

describe(`${TOOL}: the spec's media types, or a 415 / 406`, () => {
  it('declares vendor media types, and with them the call succeeds', async () => {
    expect(original.contentType).toMatch(/^application\/vnd\..+\+json$/);
    expect(original.accept).toMatch(/^application\/vnd\..+\+json$/);
    const out = await call();
    expect(out.ok, JSON.stringify(out)).toBe(true);
  });

  // A wrong Accept is 406 where the operation declares a 406 answer (AdExport does), else 415.
  it.each([
    ['Content-Type', 'ADS_API_HTTP_415', { contentType: 'application/json' }],
    ['Accept', 'ADS_API_HTTP_406', { accept: 'application/json' }],
  ])('a %s regressed to application/json is refused upstream (%s)', async (_header, code, change) => {
    op.recipe = { ...structuredClone(original), ...change };
    const out = await call();
    expect(out.ok).toBe(false);
    expect(out.ok ? undefined : out.envelope).toMatchObject({ error_kind: 'ads_api_http', error_code: code });
  });
});

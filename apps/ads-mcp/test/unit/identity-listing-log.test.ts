// The Openbridge identity listing as an operator sees it: each request in the log (the key never), an error body that echoes the key shown without it; MCP_LOG_LEVEL read.
import { type Logger, UpstreamHttpError } from '@obmcp/contract';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import { captureLogger } from '@obmcp/test-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityPipeline, listAdsIdentities } from '../../src/auth/openbridge-identities.js';
import { adsRetry, loadConfig } from '../../src/config.js';
import { openbridgeChain, REFRESH_TOKEN } from '../support/openbridge-chain.js';

const SRI_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'listSharedRemoteIdentities');
let mock: SetupServer;
beforeAll(() => {
  mock = startMockServer();
});
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

function lister(log?: Logger) {
  const { config, fetcher, limits, jwt } = openbridgeChain({ limiterEnv: {} });
  const retry = { ...adsRetry(config), maxAttempts: 1 };
  return identityPipeline({
    fetcher,
    jwt,
    refreshToken: REFRESH_TOKEN,
    limits,
    retry,
    ...(log ? { log } : {}),
  });
}

describe('the identity listing', () => {
  it('logs each request by operation, never the key', async () => {
    const log = captureLogger();
    await listAdsIdentities(lister(log));
    expect(log.lines).toContainEqual({
      level: 'debug',
      msg: 'upstream response',
      fields: { operation: 'listSharedRemoteIdentities', status: 200 },
    });
    expect(JSON.stringify(log.lines)).not.toContain('unit-secret');
  });

  it("an error body that echoes the key is shown without it, under Openbridge's code family", async () => {
    mock.use(
      http.get(SRI_URL, () =>
        HttpResponse.json(
          { errors: [{ status: '400', detail: `bad key ${REFRESH_TOKEN}` }] },
          { status: 400 },
        ),
      ),
    );
    const error = await listAdsIdentities(lister()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.prefix).toBe('OPENBRIDGE');
    expect(e.service).toBe('Openbridge remote-identity API');
    const shown = JSON.stringify([e.message, e.summary, e.details]);
    expect(shown).toContain('bad key');
    expect(shown).not.toContain('unit-secret');
  });
});

describe('MCP_LOG_LEVEL', () => {
  it('sets the log level', () => {
    const creds = { ADS_API_CLIENT_ID: 'c', ADS_API_CLIENT_SECRET: 's', ADS_API_REFRESH_TOKEN: 'r' };
    expect(loadConfig({ ...creds, MCP_LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ ...creds, MCP_LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });
});

// Openbridge-brokered Ads credentials: which identity's token is asked for, the client id used, how long it is kept, and where Ads redirects may lead.
import { DomainValidationError, UpstreamTransportError } from '@obmcp/contract';
import { RedirectHosts } from '@obmcp/http-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CredentialExchange, ExchangeContext } from '../../src/auth/credential-exchange.js';
import { createOpenbridgeSource } from '../../src/auth/openbridge-source.js';
import { loadConfig } from '../../src/config.js';
import { adsRedirectHosts } from '../../src/http/redirect-hosts.js';

/** A broker answering each request with `body`, recording what was asked and with which context. */
function broker(
  body: unknown = { data: { access_token: 'Atza|brokered', client_id: 'amzn1.application-oa2-client.ob' } },
) {
  const asked: Array<{ req: Record<string, unknown>; context: ExchangeContext }> = [];
  const send: CredentialExchange = async (req, context) => {
    asked.push({ req: req as unknown as Record<string, unknown>, context });
    return body;
  };
  return { asked, send };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

afterEach(() => vi.restoreAllMocks());

describe('createOpenbridgeSource', () => {
  it("asks for the active identity's token and uses the client id Openbridge names", async () => {
    const { asked, send } = broker();
    const source = createOpenbridgeSource(send, () => 7460, 'fallback-client');
    expect(source.mode).toBe('openbridge');
    const signal = new AbortController().signal;
    expect(await source.get('eu', signal)).toEqual({
      accessToken: 'Atza|brokered',
      clientId: 'amzn1.application-oa2-client.ob',
    });
    expect(asked).toEqual([
      {
        req: {
          operation: 'getAmazonAdvertisingToken',
          method: 'GET',
          path: 'https://service.api.openbridge.io/service/amzadv/token/7460',
          signal,
        },
        context: {
          service: 'Openbridge token brokering',
          hints: [
            expect.stringContaining('set_active_identity'),
            expect.stringContaining('Re-authorize the Amazon Advertising identity'),
          ],
        },
      },
    ]);
  });

  it('no active identity: an input error naming set_active_identity, nothing asked', async () => {
    const { asked, send } = broker();
    const error = await failure(createOpenbridgeSource(send, () => undefined, 'c').get('na'));
    expect(error).toBeInstanceOf(DomainValidationError);
    const e = error as DomainValidationError;
    expect(e.summary).toBe('No active Openbridge identity.');
    expect(e.details).toEqual([
      { path: 'identityId', issue: 'no Amazon Advertising identity is selected', received_type: 'undefined' },
    ]);
    expect(e.hints[0]).toContain('set_active_identity');
    expect(e.hints[1]).toContain('OPENBRIDGE_IDENTITY_ID');
    expect(asked).toEqual([]);
  });

  it('a placeholder or missing client id falls back to ADS_API_CLIENT_ID; no fallback either: invalid response', async () => {
    for (const client_id of ['openbridge', '', undefined, 42]) {
      const { send } = broker({ data: { access_token: 'Atza|t', client_id } });
      expect((await createOpenbridgeSource(send, () => 1, 'fallback-client').get('na')).clientId).toBe(
        'fallback-client',
      );
      const error = await failure(createOpenbridgeSource(send, () => 1, undefined).get('na'));
      expect(error).toBeInstanceOf(UpstreamTransportError);
    }
  });

  it('an answer without an access token is an invalid response', async () => {
    for (const [body, type] of [
      [{ data: { client_id: 'c' } }, 'object'],
      [{ data: { access_token: '', client_id: 'c' } }, 'object'],
      [{ data: { access_token: 5, client_id: 'c' } }, 'object'],
      [{}, 'undefined'],
      [null, 'undefined'],
    ] as const) {
      const { send } = broker(body);
      const error = await failure(createOpenbridgeSource(send, () => 1, 'fallback').get('na'));
      expect(error).toBeInstanceOf(UpstreamTransportError);
      const e = error as UpstreamTransportError;
      expect(e.code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect(e.summary).toBe(
        'Openbridge token brokering answered without data.access_token or data.client_id.',
      );
      expect(e.details).toEqual([
        { path: 'data', issue: 'expected access_token and client_id', received_type: type },
      ]);
    }
  });

  it('one token per identity for ten minutes (less a minute); invalidate drops only the active one', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { asked, send } = broker();
    let active = 1;
    const source = createOpenbridgeSource(send, () => active, 'c');
    await source.get('na');
    await source.get('eu');
    expect(asked).toHaveLength(1);
    active = 2;
    await source.get('na');
    expect(asked.map((a) => a.req.path)).toEqual([
      'https://service.api.openbridge.io/service/amzadv/token/1',
      'https://service.api.openbridge.io/service/amzadv/token/2',
    ]);
    source.invalidate('na');
    await source.get('na');
    expect(asked).toHaveLength(3);
    active = 1;
    await source.get('na');
    expect(asked).toHaveLength(3);
    now += 539_000;
    await source.get('na');
    expect(asked).toHaveLength(3);
    now += 2_000;
    await source.get('na');
    expect(asked).toHaveLength(4);
  });

  it('invalidate without an active identity drops nothing', async () => {
    const { asked, send } = broker();
    let active: number | undefined = 3;
    const source = createOpenbridgeSource(send, () => active, 'c');
    await source.get('na');
    active = undefined;
    source.invalidate('na');
    active = 3;
    await source.get('na');
    expect(asked).toHaveLength(1);
  });
});

describe('adsRedirectHosts', () => {
  const CREDS = {
    OBMCP_MOCK: '1',
    ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.unit',
    ADS_API_CLIENT_SECRET: 'unit-secret',
    ADS_API_REFRESH_TOKEN: 'Atzr|unit',
  };

  it("every region's API and LWA host, S3 report storage and Openbridge's API hosts; nothing else", () => {
    const hosts = new RedirectHosts(adsRedirectHosts(loadConfig(CREDS)));
    for (const host of [
      'advertising-api.amazon.com',
      'advertising-api-eu.amazon.com',
      'advertising-api-fe.amazon.com',
      'api.amazon.com',
      'api.amazon.co.uk',
      'api.amazon.co.jp',
      'offline-report-storage-us-east-1-prod.s3.amazonaws.com',
      'service.api.openbridge.io',
      'remote-identity.api.openbridge.io',
    ])
      expect(hosts.allows(host), host).toBe(true);
    for (const host of [
      'attacker.example',
      'amazonaws.com.attacker.example',
      'openbridge.io.attacker.example',
      'proxy.internal',
    ])
      expect(hosts.allows(host), host).toBe(false);
  });

  it('the configured ADS_API_ENDPOINT and ADS_API_LWA_ENDPOINT hosts are added', () => {
    const config = loadConfig({
      ...CREDS,
      ADS_API_ENDPOINT: 'https://proxy.internal:8443/ads',
      ADS_API_LWA_ENDPOINT: 'https://lwa.internal/auth/o2/token',
    });
    const hosts = new RedirectHosts(adsRedirectHosts(config));
    expect(hosts.allows('proxy.internal')).toBe(true);
    expect(hosts.allows('lwa.internal')).toBe(true);
  });
});

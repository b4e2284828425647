// Unit (src): what the Ads client puts on the wire and what an agent reads back: the regional host, the bearer and
// both ClientId headers, the profile and AMC scope headers, media types, the limiter bucket and rule of each call,
// the one refresh after a 401, the error's summary, hints and request id, and the pre-signed file downloads.
import { gzipSync } from 'node:zlib';
import { UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { describe, expect, it } from 'vitest';
import type { AdsRequest } from '../../src/http/client.js';
import { requestIdOf } from '../../src/http/headers.js';
import { ADS_DEFAULT_RULE, adsRule, REPORT_CREATION } from '../../src/http/limits.js';
import { callContext, failure, rig } from './ads-rig.js';

const GET_PROFILES: AdsRequest = {
  method: 'GET',
  path: '/v2/profiles',
  operation: 'Profiles.listProfiles',
  scope: { kind: 'none' },
  idempotent: true,
};

const LIST_CAMPAIGNS: AdsRequest = {
  method: 'POST',
  path: '/sp/campaigns/list',
  operation: 'SponsoredProducts.ListSponsoredProductsCampaigns',
  body: { maxResults: 10 },
  media: 'application/vnd.spCampaign.v3+json',
  scope: { kind: 'profile' },
  idempotent: true,
};

describe('AdsApiClient.call: the request on the wire', () => {
  it('a call without scope: the regional host, the bearer, both ClientId headers, JSON accept, no scope header', async () => {
    const r = rig([{ body: '[{"profileId":1}]' }]);
    const res = await r.client.call(GET_PROFILES, callContext());
    expect(res).toEqual({ status: 200, body: [{ profileId: 1 }] });
    expect(r.sent).toHaveLength(1);
    const [req] = r.sent;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('https://advertising-api.amazon.com/v2/profiles');
    expect(req?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'amazon-advertising-api-clientid': 'client-1',
      'amazon-ads-clientid': 'client-1',
      accept: 'application/json',
    });
    expect(req?.headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(req?.headers).not.toHaveProperty('amazon-advertising-api-advertiserid');
    expect(req?.body).toBeUndefined();
    expect(r.credentialsAsked).toEqual(['na']);
    expect(r.acquired).toEqual([{ key: 'ads:Profiles.listProfiles@na', rule: { rate: 5, burst: 10 } }]);
  });

  it('the session region picks the host and the credentials: eu and fe', async () => {
    for (const [region, host] of [
      ['eu', 'https://advertising-api-eu.amazon.com'],
      ['fe', 'https://advertising-api-fe.amazon.com'],
    ] as const) {
      const r = rig([{ body: '[]' }], { ADS_API_REGION: region });
      await r.client.call(GET_PROFILES, callContext());
      expect(r.sent[0]?.url).toBe(`${host}/v2/profiles`);
      expect(r.credentialsAsked).toEqual([region]);
      expect(r.acquired[0]?.key).toBe(`ads:Profiles.listProfiles@${region}`);
    }
  });

  it('a region switched in the session moves the next call to that host', async () => {
    const r = rig([{ body: '[]' }]);
    r.session.region = 'eu';
    await r.client.call(GET_PROFILES, callContext());
    expect(r.sent[0]?.url).toBe('https://advertising-api-eu.amazon.com/v2/profiles');
    expect(r.credentialsAsked).toEqual(['eu']);
  });

  it('ADS_API_ENDPOINT replaces the regional host', async () => {
    const r = rig([{ body: '[]' }], { ADS_API_ENDPOINT: 'https://proxy.example.test' });
    await r.client.call(GET_PROFILES, callContext());
    expect(r.sent[0]?.url).toBe('https://proxy.example.test/v2/profiles');
  });

  it('a profile call sends the scope header, the vendor media type both ways and the JSON body; spends the profile budget', async () => {
    const r = rig([{ body: '{"campaigns":[]}' }], { ADS_API_PROFILE_ID: '777' });
    const res = await r.client.call(LIST_CAMPAIGNS, callContext('list_campaigns'));
    expect(res).toEqual({ status: 200, body: { campaigns: [] } });
    const [req] = r.sent;
    expect(req?.method).toBe('POST');
    expect(req?.headers).toMatchObject({
      'amazon-advertising-api-scope': '777',
      accept: 'application/vnd.spCampaign.v3+json',
      'content-type': 'application/vnd.spCampaign.v3+json',
    });
    expect(JSON.parse(req?.body ?? '')).toEqual({ maxResults: 10 });
    expect(r.acquired).toEqual([
      {
        key: 'ads:SponsoredProducts.ListSponsoredProductsCampaigns@profile-777',
        rule: { rate: 5, burst: 10 },
      },
    ]);
  });

  it('a profile call without an active profile is refused before anything goes upstream', async () => {
    const r = rig([{ body: '{}' }]);
    const error = await failure(r.client.call(LIST_CAMPAIGNS, callContext('list_campaigns')));
    expect((error as Error).message).toMatch(/profile/i);
    expect(r.sent).toEqual([]);
  });

  it('a profile set in the session (set_active_profile) is the one sent', async () => {
    const r = rig([{ body: '{}' }], { ADS_API_PROFILE_ID: '777' });
    r.session.profileId = 888;
    await r.client.call(LIST_CAMPAIGNS, callContext());
    expect(r.sent[0]?.headers['amazon-advertising-api-scope']).toBe('888');
    expect(r.acquired[0]?.key).toBe('ads:SponsoredProducts.ListSponsoredProductsCampaigns@profile-888');
  });

  it('an AMC call sends the advertiser and marketplace headers, no profile scope, and spends the region budget', async () => {
    const r = rig([{ body: '{}' }], { ADS_API_PROFILE_ID: '777' });
    await r.client.call(
      {
        method: 'GET',
        path: '/amc/reporting/acc-1/workflows',
        operation: 'AMC.listWorkflows',
        scope: { kind: 'amc', advertiserId: 'acc-1', marketplaceId: 'ATVPDKIKX0DER' },
        idempotent: true,
      },
      callContext(),
    );
    const headers = r.sent[0]?.headers ?? {};
    expect(headers['amazon-advertising-api-advertiserid']).toBe('acc-1');
    expect(headers['amazon-advertising-api-marketplaceid']).toBe('ATVPDKIKX0DER');
    expect(headers).not.toHaveProperty('amazon-advertising-api-scope');
    expect(r.acquired[0]?.key).toBe('ads:AMC.listWorkflows@na');
  });

  it("the operation's own headers go out; an explicit accept wins over the media type; accept false sends none", async () => {
    const r = rig([{ body: '{}' }]);
    await r.client.call(
      {
        ...GET_PROFILES,
        headers: { 'Amazon-Ads-AccountId': 'acct-9' },
        media: 'application/vnd.x.v1+json',
        accept: 'application/vnd.y.v2+json',
      },
      callContext(),
    );
    expect(r.sent[0]?.headers).toMatchObject({
      'Amazon-Ads-AccountId': 'acct-9',
      accept: 'application/vnd.y.v2+json',
    });
    await r.client.call({ ...GET_PROFILES, method: 'DELETE', accept: false }, callContext());
    expect(r.sent[1]?.headers).not.toHaveProperty('accept');
  });

  it('an empty success body reads as {}', async () => {
    const r = rig([{ status: 204, body: '' }]);
    expect(await r.client.call(GET_PROFILES, callContext())).toEqual({ status: 204, body: {} });
  });

  it('unknown top-level fields (MCP_STRICT_UNKNOWN_FIELDS=false) join the query or the JSON body', async () => {
    const r = rig([{ body: '{}' }], { ADS_API_PROFILE_ID: '777' });
    await r.client.call(
      GET_PROFILES,
      callContext('t', { passthrough: { target: 'query', fields: { extra: 'x' } } }),
    );
    expect(r.sent[0]?.url).toBe('https://advertising-api.amazon.com/v2/profiles?extra=x');
    await r.client.call(
      LIST_CAMPAIGNS,
      callContext('t', { passthrough: { target: 'body', fields: { extra: 'y' } } }),
    );
    expect(JSON.parse(r.sent[1]?.body ?? '')).toEqual({ maxResults: 10, extra: 'y' });
  });

  it('--hosted: a call without a profile spends its user budget, a profile call the profile budget', async () => {
    const r = rig([{ body: '{}' }]);
    const user = { subject: 'ads:u1', account: 'u1', secret: 's', profiles: ['777'] };
    await runAsHostedUser(user, () => r.client.call(GET_PROFILES, callContext()));
    expect(r.acquired[0]?.key).toBe('ads:Profiles.listProfiles@ads:u1@na');
    r.session.profileId = 777;
    await runAsHostedUser(user, () => r.client.call(LIST_CAMPAIGNS, callContext()));
    expect(r.acquired[1]?.key).toBe('ads:SponsoredProducts.ListSponsoredProductsCampaigns@profile-777');
  });

  it('report creation has its own, slower rule; every other operation the default one', async () => {
    expect(REPORT_CREATION).toBe('ReportingVersion3.createAsyncReport');
    expect(adsRule(REPORT_CREATION)).toEqual({ rate: 1, burst: 5 });
    expect(adsRule('ReportingVersion3.getAsyncReport')).toEqual({ rate: 5, burst: 10 });
    expect(ADS_DEFAULT_RULE).toEqual({ rate: 5, burst: 10 });
    const r = rig([{ body: '{"reportId":"r1"}' }], { ADS_API_PROFILE_ID: '777' });
    await r.client.call(
      {
        method: 'POST',
        path: '/reporting/reports',
        operation: REPORT_CREATION,
        body: {},
        scope: { kind: 'profile' },
        idempotent: false,
      },
      callContext(),
    );
    expect(r.acquired).toEqual([{ key: `ads:${REPORT_CREATION}@profile-777`, rule: { rate: 1, burst: 5 } }]);
  });

  it('mock mode: OBMCP_MOCK_RATE_LIMIT replaces every rule', async () => {
    const r = rig([{ body: '{}' }], {}, { OBMCP_MOCK_RATE_LIMIT: '2/3' });
    await r.client.call(GET_PROFILES, callContext());
    expect(r.acquired[0]?.rule).toEqual({ rate: 2, burst: 3 });
  });

  it('an X-RateLimit-Limit the API sends is learned for that bucket', async () => {
    const r = rig([
      { body: '{}', headers: { 'content-type': 'application/json', 'x-ratelimit-limit': '4' } },
    ]);
    await r.client.call(GET_PROFILES, callContext());
    expect(r.learned).toEqual([{ key: 'ads:Profiles.listProfiles@na', rate: 4 }]);
  });
});

describe('AdsApiClient.call: failures', () => {
  it('a 401 drops the region token and resends once with a fresh one', async () => {
    const r = rig([{ status: 401, body: '{"code":"UNAUTHORIZED"}' }, { body: '[]' }], {
      ADS_API_REGION: 'eu',
    });
    expect(await r.client.call(GET_PROFILES, callContext())).toEqual({ status: 200, body: [] });
    expect(r.invalidated).toEqual(['eu']);
    expect(r.sent.map((s) => s.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('a 403 is no expired token: no refresh, no resend, the auth hint', async () => {
    const r = rig([{ status: 403, body: '{"code":"FORBIDDEN","details":"Not authorized"}' }]);
    const error = (await failure(
      r.client.call(GET_PROFILES, callContext('list_profiles')),
    )) as UpstreamHttpError;
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error.status).toBe(403);
    expect(r.invalidated).toEqual([]);
    expect(r.sent).toHaveLength(1);
    expect(error.hints).toEqual([
      'A 401/403 on list_profiles usually means the token lacks the Ads API scope (advertising::campaign_management), not that it expired.',
      'Re-authorize the LWA app (ADS_API_REFRESH_TOKEN) if the grant was revoked; check ADS_API_CLIENT_ID matches the token.',
    ]);
  });

  it('a scope refusal names the profile and the session region', async () => {
    const r = rig([{ status: 401, body: '{"code":"UNAUTHORIZED","details":"Invalid scope"}' }], {
      ADS_API_PROFILE_ID: '777',
      ADS_API_REGION: 'fe',
    });
    const error = (await failure(
      r.client.call(LIST_CAMPAIGNS, callContext('list_campaigns')),
    )) as UpstreamHttpError;
    expect(error.status).toBe(401);
    expect(r.sent).toHaveLength(2);
    expect(error.hints[0]).toBe(
      "Profile 777 is not accessible in region 'fe': profiles are region-scoped; pick a profileId that list_profiles returns for this region.",
    );
  });

  it('a 404 reads the body: its detail, the id hint and the request id of the body or the headers', async () => {
    const r = rig([
      { status: 404, body: '{"code":"NOT_FOUND","details":"Campaign 5 not found","requestId":"req-body"}' },
    ]);
    const error = (await failure(r.client.call(GET_PROFILES, callContext()))) as UpstreamHttpError;
    expect(error.status).toBe(404);
    expect(error.summary).toBeUndefined();
    expect(error.details[0]?.issue).toContain('Campaign 5 not found');
    expect(error.hints).toEqual([
      'Check that the id belongs to the active profile and region (list tools return valid ids).',
    ]);
    expect(error.requestId).toBe('req-body');
    for (const name of ['x-amzn-requestid', 'x-amz-rid', 'x-request-id']) {
      const h = rig([
        {
          status: 404,
          body: '{"code":"NOT_FOUND"}',
          headers: { 'content-type': 'application/json', [name]: `id-${name}` },
        },
      ]);
      const e = (await failure(h.client.call(GET_PROFILES, callContext()))) as UpstreamHttpError;
      expect(e.requestId).toBe(`id-${name}`);
      expect(requestIdOf(new Headers({ [name]: 'x' }))).toBe('x');
    }
  });

  it('a 429 says the Ads API throttled it, after the configured attempts', async () => {
    const r = rig(
      [
        {
          status: 429,
          body: '{"code":"THROTTLED"}',
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        },
      ],
      {
        ADS_API_MAX_ATTEMPTS: '2',
      },
    );
    const error = (await failure(r.client.call(GET_PROFILES, callContext()))) as UpstreamHttpError;
    expect(error.status).toBe(429);
    expect(error.summary).toBe('Amazon Ads API throttled the request (HTTP 429).');
    expect(r.sent).toHaveLength(2);
  });

  it('a 425 duplicate report names the existing report id in its detail and hint', async () => {
    const r = rig(
      [{ status: 425, body: '{"code":"425","detail":"The Request is a duplicate of : abcd1234-0000"}' }],
      {
        ADS_API_PROFILE_ID: '777',
      },
    );
    const error = (await failure(
      r.client.call(
        {
          method: 'POST',
          path: '/reporting/reports',
          operation: REPORT_CREATION,
          body: {},
          scope: { kind: 'profile' },
          idempotent: false,
        },
        callContext('create_report'),
      ),
    )) as UpstreamHttpError;
    expect(error.details[0]).toMatchObject({ existing_report_id: 'abcd1234-0000' });
    expect(error.hints).toEqual([
      "An identical report is already queued: poll get_report with reportId='abcd1234-0000' instead of creating it again.",
    ]);
  });

  it('an AMC 400 gets the AMC account hint; another API 400 does not', async () => {
    const amc = rig([{ status: 400, body: '{"code":"400","message":"bad"}' }]);
    const e1 = (await failure(
      amc.client.call({ ...GET_PROFILES, operation: 'AMC.listWorkflows' }, callContext()),
    )) as UpstreamHttpError;
    expect(e1.hints[0]).toMatch(/^AMC calls need advertiserId/);
    const other = rig([{ status: 400, body: '{"code":"400","message":"bad"}' }]);
    const e2 = (await failure(other.client.call(GET_PROFILES, callContext()))) as UpstreamHttpError;
    expect(e2.hints).toEqual([]);
  });

  it('a 500 is retried for an idempotent call up to ADS_API_MAX_ATTEMPTS, once for another', async () => {
    const r = rig([{ status: 500, body: '{}' }], { ADS_API_MAX_ATTEMPTS: '3' });
    await failure(r.client.call(GET_PROFILES, callContext()));
    expect(r.sent).toHaveLength(3);
    const w = rig([{ status: 500, body: '{}' }], { ADS_API_MAX_ATTEMPTS: '3', ADS_API_PROFILE_ID: '1' });
    await failure(w.client.call({ ...LIST_CAMPAIGNS, idempotent: false }, callContext()));
    expect(w.sent).toHaveLength(1);
  });

  it('a configured secret in an error body never reaches the agent', async () => {
    const r = rig([{ status: 400, body: '{"code":"400","message":"bad token Atzr|refresh-1 here"}' }]);
    const error = (await failure(r.client.call(GET_PROFILES, callContext()))) as UpstreamHttpError;
    expect(JSON.stringify(error.details)).not.toContain('Atzr|refresh-1');
  });
});

describe('AdsApiClient: files', () => {
  const REPORT_URL =
    'https://offline-report-storage-us-east-1-prod.s3.amazonaws.com/r1.json.gz?X-Amz-Signature=abc';

  it('a report file: fetched without Ads credentials or budget, bounded by ADS_REPORT_MAX_BYTES, gunzipped', async () => {
    const gz = gzipSync(Buffer.from('[{"clicks":1}]'));
    const r = rig([{ body: new Uint8Array(gz), headers: { 'content-type': 'application/octet-stream' } }], {
      ADS_REPORT_MAX_BYTES: '4096',
    });
    const bytes = await r.client.download(REPORT_URL, callContext());
    expect(new TextDecoder().decode(bytes)).toBe('[{"clicks":1}]');
    const [req] = r.sent;
    expect(req?.url).toBe(REPORT_URL);
    expect(req?.method).toBe('GET');
    expect(req?.maxBodyBytes).toBe(4096);
    expect(req?.headers.accept).toBe('*/*');
    expect(req?.headers).not.toHaveProperty('authorization');
    expect(req?.headers).not.toHaveProperty('amazon-advertising-api-clientid');
    expect(r.credentialsAsked).toEqual([]);
    expect(r.acquired).toEqual([]);
  });

  it('a gunzipped file past ADS_REPORT_MAX_BYTES is refused', async () => {
    const gz = gzipSync(Buffer.from('x'.repeat(5000)));
    const r = rig([{ body: new Uint8Array(gz), headers: { 'content-type': 'application/octet-stream' } }], {
      ADS_REPORT_MAX_BYTES: '4096',
    });
    await expect(r.client.download(REPORT_URL, callContext())).rejects.toThrow();
  });

  it('a URL on a host the server does not declare, or over http, is refused before any request; the URL is not echoed', async () => {
    for (const [kind, file] of [
      ['report', 'report file'],
      ['amc_result', 'AMC result file'],
      ['export', 'export file'],
    ] as const) {
      for (const url of [
        'https://evil.example/r.gz?sig=secret',
        'http://bucket.s3.amazonaws.com/r.gz?sig=secret',
      ]) {
        const r = rig([{ body: '' }]);
        const error = (await failure(r.client.download(url, callContext(), kind))) as Error & {
          summary?: string;
        };
        expect(error.summary).toBe(
          `Amazon Ads answered with a ${file} download URL this server does not fetch.`,
        );
        expect((error as Error & { hints: string[] }).hints).toEqual([
          'Nothing was downloaded. If ADS_API_ENDPOINT is a proxy you configured, check the URLs it answers with.',
        ]);
        if (url.startsWith('https://evil'))
          expect((error as Error & { details: Array<{ issue: string }> }).details[0]?.issue).toBe(
            "the download URL's host evil.example is not a declared Amazon Ads storage host",
          );
        expect(JSON.stringify(error)).not.toContain('sig=secret');
        expect(r.sent).toEqual([]);
      }
    }
  });

  it('a failed download names the file kind and how to get a fresh URL', async () => {
    const cases = [
      [
        'report',
        'Amazon Ads report storage failed with HTTP 403.',
        'report file download failed with HTTP 403',
        'The pre-signed report URL may have expired: call get_report again for a fresh url, then download_report.',
      ],
      [
        'amc_result',
        'AMC result storage failed with HTTP 403.',
        'AMC result file download failed with HTTP 403',
        'AMC download URLs expire after 10 minutes: call get_amc_query_results again (it asks for fresh URLs).',
      ],
      [
        'export',
        'Amazon Ads export storage failed with HTTP 403.',
        'export file download failed with HTTP 403',
        'The pre-signed export URL may have expired (urlExpiresAt): call get_export again for a fresh url, or run_export again.',
      ],
    ] as const;
    for (const [kind, summary, issue, hint] of cases) {
      const r = rig([
        { status: 403, body: '<Error>AccessDenied</Error>', headers: { 'content-type': 'application/xml' } },
      ]);
      const error = (await failure(r.client.download(REPORT_URL, callContext(), kind))) as UpstreamHttpError;
      expect(error).toBeInstanceOf(UpstreamHttpError);
      expect(error.summary).toBe(summary);
      expect(error.details).toEqual([{ path: '', issue, received_type: 'upstream_error' }]);
      expect(error.hints).toEqual([hint]);
      expect(r.invalidated).toEqual([]);
    }
  });

  it('a file answer from the API (answer: file): bytes bounded, gunzipped, JSON parsed, other text as text', async () => {
    const json = rig(
      [
        {
          body: new Uint8Array(gzipSync(Buffer.from('{"a":1}'))),
          headers: { 'content-type': 'application/octet-stream' },
        },
      ],
      {
        ADS_API_PROFILE_ID: '777',
        ADS_REPORT_MAX_BYTES: '2048',
      },
    );
    const res = await json.client.call(
      { ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' },
      callContext(),
    );
    expect(res).toEqual({ status: 200, body: { a: 1 } });
    expect(json.sent[0]?.maxBodyBytes).toBe(2048);
    const csv = rig([{ body: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } }], {
      ADS_API_PROFILE_ID: '777',
    });
    const text = await csv.client.call(
      { ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' },
      callContext(),
    );
    expect(text.body).toBe('a,b\n1,2');
  });

  it('an HTML page instead of a file is a gateway error, whatever the case or parameters of its type', async () => {
    for (const type of ['text/html', 'TEXT/HTML; charset=utf-8', ' text/html ;q=1']) {
      const r = rig([{ body: '<html>busy</html>', headers: { 'content-type': type } }], {
        ADS_API_PROFILE_ID: '777',
      });
      const error = await failure(
        r.client.call({ ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' }, callContext()),
      );
      expect(error).toBeInstanceOf(UpstreamTransportError);
      expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect((error as UpstreamTransportError).details).toEqual([
        { path: '', issue: 'expected a file, got an HTML page', received_type: 'upstream_response' },
      ]);
      expect((error as UpstreamTransportError).hints).toEqual([
        'Transient gateway response; retry after a short wait.',
      ]);
    }
  });

  it('a file with no content type that is not JSON is its text', async () => {
    const r = rig([{ body: 'plain', headers: {} }], { ADS_API_PROFILE_ID: '777' });
    const res = await r.client.call(
      { ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' },
      callContext(),
    );
    expect(res.body).toBe('plain');
  });

  it('ADS_API_UPLOAD_DIR is where file arguments may be read from; unset, none', () => {
    expect(rig([], { ADS_API_UPLOAD_DIR: '/srv/uploads' }).client.uploadDir).toBe('/srv/uploads');
    expect(rig([]).client.uploadDir).toBeUndefined();
  });

  it('a file answer labelled JSON that does not parse is unreadable, never handed over as text', async () => {
    const r = rig([{ body: '[{"a":1},{"a', headers: { 'content-type': 'application/json' } }], {
      ADS_API_PROFILE_ID: '777',
    });
    const error = (await failure(
      r.client.call({ ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' }, callContext()),
    )) as UpstreamTransportError;
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.summary).toBe('The downloaded file could not be read.');
    expect(error.details).toEqual([
      { path: '', issue: 'a body labelled JSON did not parse', received_type: 'upstream_response' },
    ]);
  });

  it('a gzipped file answer that unpacks past ADS_REPORT_MAX_BYTES is refused', async () => {
    const gz = new Uint8Array(gzipSync(Buffer.from(`"${'x'.repeat(5000)}"`)));
    const r = rig([{ body: gz, headers: { 'content-type': 'application/octet-stream' } }], {
      ADS_API_PROFILE_ID: '777',
      ADS_REPORT_MAX_BYTES: '4096',
    });
    await failure(
      r.client.call({ ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' }, callContext()),
    );
    const small = rig([{ body: gz, headers: { 'content-type': 'application/octet-stream' } }], {
      ADS_API_PROFILE_ID: '777',
      ADS_REPORT_MAX_BYTES: '8192',
    });
    const res = await small.client.call(
      { ...LIST_CAMPAIGNS, method: 'GET', body: undefined, answer: 'file' },
      callContext(),
    );
    expect(res.body).toBe('x'.repeat(5000));
  });
});

describe('the Ads upstream without a call context', () => {
  it('an error of a request that names no tool or profile still reads the body and its hints', async () => {
    const r = rig([{ status: 404, body: '{"code":"NOT_FOUND","details":"nothing here"}' }]);
    const error = (await failure(
      r.pipeline.exchange({ operation: 'Profiles.getProfile', method: 'GET', path: '/v2/profiles/1' }),
    )) as UpstreamHttpError;
    expect(error.status).toBe(404);
    expect(error.service).toBe('Amazon Ads API');
    expect(error.hints).toEqual([
      'Check that the id belongs to the active profile and region (list tools return valid ids).',
    ]);
    const scoped = rig([{ status: 403, body: '{"code":"FORBIDDEN","details":"bad scope"}' }]);
    const refused = (await failure(
      scoped.pipeline.exchange({ operation: 'Profiles.getProfile', method: 'GET', path: '/v2/profiles/1' }),
    )) as UpstreamHttpError;
    expect(refused.hints[0]).toBe(
      "Profile (none) is not accessible in region 'na': profiles are region-scoped; pick a profileId that list_profiles returns for this region.",
    );
  });
});

// The session tools as the agent sees them: list_profiles' request and answer, set/get_active_profile (the cache
// gate, its refusal, the Scope later calls send), the region tools (hosts, the profile-scope warning, where calls
// then go) and, in Openbridge mode, list_identities / set_active_identity (the gate, the region an identity names).
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, CLIENT_ID, ENV, PROFILE, useWire } from './support/wire.js';

const w = useWire();
const { ADS_API_PROFILE_ID: _p, ...NO_PROFILE } = ENV;
const US = {
  profileId: 1111111111,
  countryCode: 'US',
  currencyCode: 'USD',
  timezone: 'America/Los_Angeles',
  accountInfo: {
    marketplaceStringId: 'ATVPDKIKX0DER',
    id: 'ENTITY1AA1AA11AAA1',
    type: 'seller',
    name: 'Mock US seller',
    validPaymentMethod: true,
  },
};
const CA = {
  profileId: 2222222222,
  countryCode: 'CA',
  currencyCode: 'CAD',
  timezone: 'America/Los_Angeles',
  accountInfo: {
    marketplaceStringId: 'A2EUQ1WTGCTBG2',
    id: 'ENTITY2BB2BB22BBB2',
    type: 'vendor',
    name: 'Mock CA vendor',
    validPaymentMethod: true,
  },
};
// biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
const value = (o: Awaited<ReturnType<typeof w.call>>): Record<string, any> => {
  if (!o.ok) throw new Error(JSON.stringify(o.envelope));
  const { _meta, ...rest } = o.value as Record<string, unknown>;
  return rest;
};
const NA = {
  region: 'na',
  apiHost: 'https://advertising-api.amazon.com',
  tokenHost: 'api.amazon.com',
  marketplaces: ['US', 'CA', 'MX', 'BR'],
};
const EU = {
  region: 'eu',
  apiHost: 'https://advertising-api-eu.amazon.com',
  tokenHost: 'api.amazon.co.uk',
  marketplaces: ['UK', 'FR', 'IT', 'ES', 'DE', 'NL', 'AE', 'PL', 'TR', 'EG', 'SA', 'SE', 'BE', 'IN', 'ZA'],
};
const FE = {
  region: 'fe',
  apiHost: 'https://advertising-api-fe.amazon.com',
  tokenHost: 'api.amazon.co.jp',
  marketplaces: ['JP', 'AU', 'SG'],
};

describe('list_profiles', () => {
  it.each([
    [{}, {}],
    [
      { profileTypeFilter: ['agency', 'seller', 'vendor'], accessLevel: 'view', apiProgram: 'campaign' },
      { profileTypeFilter: 'agency,seller,vendor', accessLevel: 'view', apiProgram: 'campaign' },
    ],
  ])('%j → GET /v2/profiles %j, no Scope', async (args, query) => {
    await w.ok('list_profiles', args);
    expect(w.sent).toEqual([
      {
        method: 'GET',
        path: '/v2/profiles',
        query,
        headers: { accept: 'application/json', 'amazon-advertising-api-clientid': CLIENT_ID },
      },
    ]);
  });

  it('answers the region, count, the active profile and every profile as Amazon sent it', async () => {
    const { _meta, ...r } = await w.ok('list_profiles', {});
    expect(r).toEqual({ region: 'na', count: 2, activeProfileId: Number(PROFILE), profiles: [US, CA] });
    w.mocks().use(http.get(`${API}/v2/profiles`, () => HttpResponse.json({ profiles: [US] })));
    const { _meta: _m, ...none } = await w.ok('list_profiles', {}, NO_PROFILE);
    expect(none).toEqual({ region: 'na', count: 0, activeProfileId: null, profiles: [] });
  });

  it.each([
    [{ profileTypeFilter: [] }, 'SCHEMA_MIN_ITEMS', 'profileTypeFilter'],
    [{ profileTypeFilter: ['seller', 'seller'] }, 'SCHEMA_UNIQUE_ITEMS', 'profileTypeFilter'],
    [{ profileTypeFilter: ['brand'] }, 'SCHEMA_ENUM_MISMATCH', 'profileTypeFilter/0'],
    [{ accessLevel: 'admin' }, 'SCHEMA_ENUM_MISMATCH', 'accessLevel'],
    [{ apiProgram: 'reports' }, 'SCHEMA_ENUM_MISMATCH', 'apiProgram'],
  ])('%j → %s at %s, nothing sent', async (args, code, path) => {
    const env = await w.refused('list_profiles', args);
    expect(env).toMatchObject({ error_code: code, error_kind: 'mcp_input_validation', retryable: false });
    expect(env.details[0]?.path).toBe(path);
    expect(w.sent).toEqual([]);
  });
});

describe('set_active_profile and get_active_profile', () => {
  it('from ADS_API_PROFILE_ID: source env, no details until listed; none configured: all null', async () => {
    const h = w.host();
    expect(value(await h.call('get_active_profile', {}))).toEqual({
      activeProfileId: Number(PROFILE),
      source: 'env',
      region: 'na',
      profile: null,
    });
    await h.call('list_profiles', {});
    expect(value(await h.call('get_active_profile', {})).profile).toEqual(US);
    expect(value(await w.host(NO_PROFILE).call('get_active_profile', {}))).toEqual({
      activeProfileId: null,
      source: null,
      region: 'na',
      profile: null,
    });
    expect(w.sent).toHaveLength(1);
  });

  it('before any list: any id is taken, sends nothing, and later calls carry it as Scope', async () => {
    const h = w.host(NO_PROFILE);
    expect(value(await h.call('set_active_profile', { profileId: 2222222222 }))).toEqual({
      activeProfileId: 2222222222,
      region: 'na',
      profile: null,
    });
    expect(w.sent).toEqual([]);
    expect(value(await h.call('get_active_profile', {}))).toMatchObject({ source: 'set_active_profile' });
    await h.call('list_portfolios', {});
    expect(w.sent[0]?.headers['amazon-advertising-api-scope']).toBe('2222222222');
  });

  it('after list_profiles: a listed id answers its details; another is refused, the old one stays', async () => {
    const h = w.host();
    await h.call('list_profiles', {});
    expect(value(await h.call('set_active_profile', { profileId: 2222222222 }))).toEqual({
      activeProfileId: 2222222222,
      region: 'na',
      profile: CA,
    });
    const out = await h.call('set_active_profile', { profileId: 2222222223 });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.envelope).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      error_kind: 'mcp_input_validation',
      retryable: false,
      summary: "Profile 2222222223 is not among the profiles of region 'na'.",
      details: [
        {
          path: 'profileId',
          issue: "not one of the 2 profiles list_profiles returned for region 'na'",
          received_type: 'integer',
          allowed: [1111111111, 2222222222],
        },
      ],
      hints: [
        'Did you mean profileId=2222222222?',
        "Valid profileId values in region 'na': 1111111111, 2222222222.",
        'Profiles are region-scoped: set_region first if the profile belongs to another region.',
      ],
    });
    expect(value(await h.call('get_active_profile', {}))).toMatchObject({ activeProfileId: 2222222222 });
  });

  it.each([[{ profileTypeFilter: ['seller'] }], [{ accessLevel: 'edit' }], [{ apiProgram: 'report' }]])(
    'a filtered list_profiles %j is not the region’s list: it neither gates nor replaces the full one',
    async (filter) => {
      // Amazon answers a filtered list with fewer profiles (here the US one only).
      w.mocks().use(
        http.get(`${API}/v2/profiles`, ({ request }) =>
          HttpResponse.json(new URL(request.url).search === '' ? [US, CA] : [US]),
        ),
      );
      const fresh = w.host();
      expect(value(await fresh.call('list_profiles', filter))).toMatchObject({ count: 1, profiles: [US] });
      // Not remembered: a profile the filter left out is taken, without cached details.
      expect(value(await fresh.call('set_active_profile', { profileId: 2222222222 }))).toEqual({
        activeProfileId: 2222222222,
        region: 'na',
        profile: null,
      });
      const listed = w.host();
      await listed.call('list_profiles', {});
      await listed.call('list_profiles', filter);
      // The full list stays the gate and the source of details.
      expect(value(await listed.call('set_active_profile', { profileId: 2222222222 }))).toEqual({
        activeProfileId: 2222222222,
        region: 'na',
        profile: CA,
      });
      expect((await listed.call('set_active_profile', { profileId: 3333333333 })).ok).toBe(false);
    },
  );

  it('among twelve listed profiles, an id like none of them: no guess, the first ten ids named, all twelve allowed', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 3000000001 + i);
    w.mocks().use(
      http.get(`${API}/v2/profiles`, () => HttpResponse.json(ids.map((profileId) => ({ ...US, profileId })))),
    );
    const h = w.host();
    await h.call('list_profiles', {});
    const out = await h.call('set_active_profile', { profileId: 9 });
    expect(!out.ok && out.envelope).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      details: [
        {
          path: 'profileId',
          issue: "not one of the 12 profiles list_profiles returned for region 'na'",
          received_type: 'integer',
          allowed: ids,
        },
      ],
    });
    expect(!out.ok && out.envelope.hints).toEqual([
      `Valid profileId values in region 'na': ${ids.slice(0, 10).join(', ')}.`,
      'Profiles are region-scoped: set_region first if the profile belongs to another region.',
    ]);
  });

  it('an empty profile list does not gate', async () => {
    w.mocks().use(http.get(`${API}/v2/profiles`, () => HttpResponse.json([])));
    const h = w.host();
    await h.call('list_profiles', {});
    expect(value(await h.call('set_active_profile', { profileId: 9 }))).toMatchObject({ activeProfileId: 9 });
  });

  it.each([
    [{ profileId: 0 }, 'SCHEMA_MINIMUM'],
    [{ profileId: 1.5 }, 'SCHEMA_TYPE_MISMATCH'],
    [{}, 'SCHEMA_REQUIRED'],
  ])('%j → %s', async (args, code) => {
    const env = await w.refused('set_active_profile', args);
    expect(env).toMatchObject({
      error_code: code,
      details: [expect.objectContaining({ path: 'profileId' })],
    });
  });
});

describe('region tools', () => {
  it('get_region and list_regions: the hosts and marketplaces calls use', async () => {
    const h = w.host();
    expect(value(await h.call('get_region', {}))).toEqual(NA);
    expect(value(await h.call('list_regions', {}))).toEqual({ activeRegion: 'na', regions: [NA, EU, FE] });
    await h.call('set_region', { region: 'fe' });
    expect(value(await h.call('get_region', {}))).toEqual(FE);
    expect(value(await h.call('list_regions', {})).activeRegion).toBe('fe');
    expect(w.sent).toEqual([]);
  });

  it('set_region with a profile not known there: the answer and the whole warning; calls go to that host', async () => {
    const h = w.host();
    const out = await h.call('set_region', { region: 'eu' });
    expect(value(out)).toEqual({ ...EU, previousRegion: 'na', activeProfileId: Number(PROFILE) });
    expect(out.ok && (out.value as { _meta?: { warnings?: unknown } })._meta?.warnings).toEqual([
      {
        kind: 'profile_scope_warning',
        summary: `Active profile ${PROFILE} may not exist in region 'eu'; profile ids are region-scoped.`,
        details: [{ path: 'profileId', issue: "not known in region 'eu'", received_type: 'integer' }],
        hints: [
          'Check list_profiles for this region and set_active_profile with one of its profileId values.',
        ],
      },
    ]);
    await h.call('list_profiles', {});
    expect(w.sent).toMatchObject([{ origin: 'https://advertising-api-eu.amazon.com', path: '/v2/profiles' }]);
  });

  it('no warning: without a profile, to the same region, or where the profile is listed', async () => {
    const warned = (o: Awaited<ReturnType<typeof w.call>>) =>
      JSON.stringify(o).includes('profile_scope_warning');
    const h = w.host(NO_PROFILE);
    const first = await h.call('set_region', { region: 'eu' });
    expect(warned(first)).toBe(false);
    expect(value(first)).toEqual({
      ...EU,
      previousRegion: 'na',
      activeProfileId: null,
    });
    await h.call('list_profiles', {});
    await h.call('set_active_profile', { profileId: 3333333333 });
    expect(warned(await h.call('set_region', { region: 'eu' }))).toBe(false);
    expect(warned(await h.call('set_region', { region: 'na' }))).toBe(true);
    expect(warned(await h.call('set_region', { region: 'eu' }))).toBe(false);
    expect(warned(await h.call('set_region', { region: 'fe' }))).toBe(true);
  });

  it('warned again where the region’s listed profiles lack it; not for the same region', async () => {
    const warned = (o: Awaited<ReturnType<typeof w.call>>) =>
      JSON.stringify(o).includes('profile_scope_warning');
    const h = w.host();
    expect(warned(await h.call('set_region', { region: 'na' }))).toBe(false);
    expect(warned(await h.call('set_region', { region: 'eu' }))).toBe(true);
    await h.call('list_profiles', {});
    expect(warned(await h.call('set_region', { region: 'na' }))).toBe(true);
    expect(warned(await h.call('set_region', { region: 'eu' }))).toBe(true);
  });

  it('a token endpoint with a port shows host and port', async () => {
    const env = { ...ENV, ADS_API_LWA_ENDPOINT: 'https://lwa.proxy.internal:8443/auth/o2/token' };
    expect(value(await w.host(env).call('get_region', {})).tokenHost).toBe('lwa.proxy.internal:8443');
  });

  it.each([['us'], ['europe'], ['']])('set_region %j is refused; the region stays', async (region) => {
    const h = w.host();
    const out = await h.call('set_region', { region });
    expect(!out.ok && out.envelope).toMatchObject({
      error_code: 'SCHEMA_ENUM_MISMATCH',
      details: [expect.objectContaining({ path: 'region' })],
    });
    expect(value(await h.call('get_region', {})).region).toBe('na');
  });
});

describe('Openbridge identities', () => {
  const OB = {
    ...ENV,
    ADS_AUTH_MODE: 'openbridge',
    OPENBRIDGE_REFRESH_TOKEN: 'mock-ob-key:MOCK-NOT-A-REAL-OPENBRIDGE-SECRET',
  };
  const SRI = 'https://remote-identity.api.openbridge.io/sri';
  const ADS_IDENTITIES = [
    { id: 7460, name: 'Acme Ads (NA)', region: 'US', invalid: false },
    { id: 7462, name: 'Acme Ads (EU)', region: 'EU', invalid: false },
    { id: 8120, name: 'Agency Shared Ads (FE)', region: 'FE', invalid: false },
  ];

  it('no identity tools with Login with Amazon', async () => {
    const out = await w.call('list_identities', {});
    expect(out.ok).toBe(false);
  });

  it('list_identities: the Amazon Ads identities only, and the active one once set', async () => {
    const h = w.host(OB);
    expect(value(await h.call('list_identities', {}))).toEqual({
      count: 3,
      activeIdentityId: null,
      identities: ADS_IDENTITIES,
    });
    await h.call('set_active_identity', { identityId: 8120 });
    expect(value(await h.call('list_identities', {})).activeIdentityId).toBe(8120);
  });

  it.each([
    [8120, 'fe'],
    [7462, 'eu'],
    [7460, 'na'],
  ])('set_active_identity %i adopts its region %s', async (identityId, region) => {
    const h = w.host({ ...OB, ADS_API_REGION: 'eu' });
    expect(value(await h.call('set_active_identity', { identityId }))).toMatchObject({
      activeIdentityId: identityId,
      identity: ADS_IDENTITIES.find((i) => i.id === identityId),
      region,
    });
    expect(value(await h.call('get_region', {})).region).toBe(region);
  });

  it('an id that is not an Amazon Ads identity: SCHEMA_IDENTITY_NOT_FOUND, the ids it could be', async () => {
    const h = w.host(OB);
    const out = await h.call('set_active_identity', { identityId: 7461 });
    expect(!out.ok && out.envelope).toMatchObject({
      error_code: 'SCHEMA_IDENTITY_NOT_FOUND',
      retryable: false,
      summary: 'Identity 7461 is not an Amazon Advertising identity of this Openbridge account.',
      hints: ['Did you mean identityId=7460?', 'Valid identityId values: 7460, 7462, 8120.'],
    });
    expect(!out.ok && out.envelope.details).toEqual([
      {
        path: 'identityId',
        issue: 'not one of the identities list_identities returned',
        received_type: 'integer',
        field: 'identityId',
        allowed: [7460, 7462, 8120],
      },
    ]);
    expect(value(await h.call('list_identities', {})).activeIdentityId).toBeNull();
  });

  it('among twelve identities, an id like none of them: no guess, the first ten ids named, all twelve allowed', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 5001 + i);
    w.mocks().use(http.get(SRI, () => sri(ids.map((id): [number, string] => [id, 'US']))));
    const out = await w.host(OB).call('set_active_identity', { identityId: 9 });
    expect(!out.ok && out.envelope).toMatchObject({
      error_code: 'SCHEMA_IDENTITY_NOT_FOUND',
      details: [{ path: 'identityId', allowed: ids }],
    });
    expect(!out.ok && out.envelope.hints).toEqual([
      `Valid identityId values: ${ids.slice(0, 10).join(', ')}.`,
    ]);
  });

  it('the identity tools as tools/list shows them in Openbridge mode', async () => {
    const listed = w
      .host(OB)
      .tools()
      .filter((t) => t.name.includes('identit'))
      .map((t) => ({ name: t.name, title: t.title, description: t.description }));
    expect(listed).toEqual([
      {
        name: 'list_identities',
        title: 'List Openbridge Amazon Advertising identities',
        description:
          'Lists the Openbridge remote identities of type 14 (Amazon Advertising) this account may use.',
      },
      {
        name: 'set_active_identity',
        title: 'Set the active Openbridge identity',
        description:
          'Selects the Amazon Advertising identity whose brokered token signs every call; adopts its region when it names one.',
      },
    ]);
  });

  it('a failing identity listing does not block: the id is taken, no identity, the region stays', async () => {
    w.mocks().use(http.get(SRI, () => HttpResponse.json({ errors: [{ detail: 'nope' }] }, { status: 400 })));
    const h = w.host({ ...OB, ADS_API_REGION: 'eu' });
    expect(value(await h.call('set_active_identity', { identityId: 99 }))).toEqual({
      activeIdentityId: 99,
      identity: null,
      region: 'eu',
      activeProfileCleared: true,
    });
    expect(value(await h.call('get_active_profile', {})).activeProfileId).toBeNull();
  });

  it('a new identity forgets the listed profiles: a profile of the new identity is not refused', async () => {
    const h = w.host({
      ...NO_PROFILE,
      ADS_AUTH_MODE: 'openbridge',
      OPENBRIDGE_REFRESH_TOKEN: OB.OPENBRIDGE_REFRESH_TOKEN,
    });
    await h.call('set_active_identity', { identityId: 7460 });
    await h.call('list_profiles', {});
    expect((await h.call('set_active_profile', { profileId: 42 })).ok).toBe(false);
    expect(value(await h.call('set_active_identity', { identityId: 7460 })).activeProfileCleared).toBe(false);
    expect((await h.call('set_active_profile', { profileId: 42 })).ok).toBe(false);
    expect(value(await h.call('set_active_identity', { identityId: 8120 })).activeProfileCleared).toBe(false);
    expect((await h.call('set_active_profile', { profileId: 42 })).ok).toBe(true);
  });

  const sri = (ids: Array<[number, string]>) =>
    HttpResponse.json({
      data: ids.map(([id, region]) => ({
        id: String(id),
        type: 'RemoteIdentity',
        attributes: { name: `Ads ${id}`, region, invalid_identity: 0, remote_identity_type_id: 14 },
      })),
      links: {},
    });

  it('an empty identity list does not gate; listed identities are remembered (one /sri request)', async () => {
    let lists = 0;
    w.mocks().use(
      http.get(SRI, () => {
        lists += 1;
        return sri([]);
      }),
    );
    const h = w.host(OB);
    expect(value(await h.call('list_identities', {}))).toEqual({
      count: 0,
      activeIdentityId: null,
      identities: [],
    });
    expect(value(await h.call('set_active_identity', { identityId: 5 }))).toMatchObject({
      activeIdentityId: 5,
      identity: null,
    });
    expect(value(await h.call('set_active_identity', { identityId: 6 }))).toMatchObject({
      activeIdentityId: 6,
    });
    expect(lists).toBe(1);
  });

  it('a valid identity is taken without a warning; one Openbridge marks invalid, with the whole warning', async () => {
    const ok = await w.host(OB).call('set_active_identity', { identityId: 7460 });
    expect(JSON.stringify(ok)).not.toContain('warnings');
    w.mocks().use(
      http.get(SRI, () =>
        HttpResponse.json({
          data: [
            {
              id: '7460',
              type: 'RemoteIdentity',
              attributes: { name: 'A', region: 'US', invalid_identity: 1, remote_identity_type_id: 14 },
            },
          ],
          links: {},
        }),
      ),
    );
    const out = await w.host(OB).call('set_active_identity', { identityId: 7460 });
    expect(out.ok && (out.value as { _meta?: { warnings?: unknown } })._meta?.warnings).toEqual([
      {
        kind: 'upstream_warning',
        summary: 'Identity 7460 is marked invalid by Openbridge; calls will fail until it is re-authorized.',
        details: [{ path: 'identityId', issue: 'invalid_identity=1', received_type: 'integer' }],
        hints: ['Re-authorize this identity in the Openbridge UI.'],
      },
    ]);
  });

  it('the same identity again keeps the profile and the listed profiles; another one in the region clears both', async () => {
    w.mocks().use(
      http.get(SRI, () =>
        sri([
          [7460, 'US'],
          [7470, 'US'],
        ]),
      ),
    );
    const h = w.host(OB);
    expect(value(await h.call('set_active_identity', { identityId: 7460 })).activeProfileCleared).toBe(true);
    await h.call('set_active_profile', { profileId: Number(PROFILE) });
    await h.call('list_profiles', {});
    expect(value(await h.call('set_active_identity', { identityId: 7460 })).activeProfileCleared).toBe(false);
    expect(value(await h.call('get_active_profile', {})).activeProfileId).toBe(Number(PROFILE));
    expect((await h.call('set_active_profile', { profileId: 42 })).ok).toBe(false);
    expect(value(await h.call('set_active_identity', { identityId: 7470 }))).toMatchObject({
      region: 'na',
      activeProfileCleared: true,
    });
    expect(value(await h.call('get_active_profile', {}))).toMatchObject({
      activeProfileId: null,
      source: null,
    });
    expect((await h.call('set_active_profile', { profileId: 42 })).ok).toBe(true);
  });

  it.each([
    [{ identityId: 0 }, 'SCHEMA_MINIMUM'],
    [{}, 'SCHEMA_REQUIRED'],
  ])('set_active_identity %j → %s', async (args, code) => {
    const env = await w.refused('set_active_identity', args, OB);
    expect(env).toMatchObject({
      error_code: code,
      details: [expect.objectContaining({ path: 'identityId' })],
    });
  });
});

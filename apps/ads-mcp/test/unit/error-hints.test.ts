// The advice on an Ads API failure: region-scoped profiles, the token's scope, re-authorizing, the report already queued, AMC ids.
import { describe, expect, it } from 'vitest';
import { duplicateReportId, enrichDetails, type HintContext, hintsFor } from '../../src/http/error-hints.js';
import { regionOfCountry } from '../../src/regions.js';

const ctx = (over: Partial<HintContext>): HintContext => ({
  tool: 'list_campaigns',
  status: 400,
  operation: 'SponsoredProducts.ListSponsoredProductsCampaigns',
  message: undefined,
  authMode: 'direct',
  region: 'eu',
  profileId: 123,
  ...over,
});

const REAUTH_DIRECT =
  'Re-authorize the LWA app (ADS_API_REFRESH_TOKEN) if the grant was revoked; check ADS_API_CLIENT_ID matches the token.';
const REAUTH_OPENBRIDGE =
  'Re-authorize the active Amazon Advertising identity in the Openbridge UI if it was invalidated.';

describe('hintsFor', () => {
  it('401/403 naming a scope or advertiser: the profile is of another region; then the re-authorize hint of the mode', () => {
    for (const status of [401, 403]) {
      expect(hintsFor(ctx({ status, message: 'Invalid SCOPE for this request' }))).toEqual([
        "Profile 123 is not accessible in region 'eu': profiles are region-scoped; pick a profileId that list_profiles returns for this region.",
        REAUTH_DIRECT,
      ]);
    }
    expect(hintsFor(ctx({ status: 403, message: 'Advertiser not found', profileId: undefined }))[0]).toBe(
      "Profile (none) is not accessible in region 'eu': profiles are region-scoped; pick a profileId that list_profiles returns for this region.",
    );
    expect(hintsFor(ctx({ status: 401, message: 'Unauthorized', authMode: 'openbridge' }))).toEqual([
      REAUTH_OPENBRIDGE,
    ]);
    expect(hintsFor(ctx({ status: 401 }))).toEqual([REAUTH_DIRECT]);
  });

  it('a 401/403 on list_profiles: the token lacks the Ads scope', () => {
    expect(hintsFor(ctx({ status: 401, tool: 'list_profiles' }))).toEqual([
      'A 401/403 on list_profiles usually means the token lacks the Ads API scope (advertising::campaign_management), not that it expired.',
      REAUTH_DIRECT,
    ]);
  });

  it('425: poll the report already queued, by its id when the body names it', () => {
    expect(
      hintsFor(
        ctx({ status: 425, message: 'The Request is a duplicate of : 0c8f7d9e-1234-5678-9abc-def012345678' }),
      ),
    ).toEqual([
      "An identical report is already queued: poll get_report with reportId='0c8f7d9e-1234-5678-9abc-def012345678' instead of creating it again.",
    ]);
    expect(hintsFor(ctx({ status: 425, message: 'duplicate' }))).toEqual([
      'An identical report is already queued: poll get_report with the existing reportId.',
    ]);
  });

  it('404: the id of another profile or region; an AMC 400: the AMC account id; other statuses: nothing', () => {
    expect(hintsFor(ctx({ status: 404 }))).toEqual([
      'Check that the id belongs to the active profile and region (list tools return valid ids).',
    ]);
    expect(hintsFor(ctx({ status: 400, operation: 'AMCAdmin.listInstances' }))).toEqual([
      'AMC calls need advertiserId = an AMC accountId from list_amc_accounts (not the profile accountInfo.id) and its marketplaceId.',
    ]);
    expect(hintsFor(ctx({ status: 404, operation: 'AMCAdmin.listInstances' }))).toHaveLength(1);
    expect(hintsFor(ctx({ status: 500, operation: 'AMCAdmin.listInstances' }))).toEqual([]);
    expect(hintsFor(ctx({ status: 400 }))).toEqual([]);
    expect(hintsFor(ctx({ status: 422, operation: 'x.AMC' }))).toEqual([]);
  });
});

describe('the duplicate report id of a 425', () => {
  it('duplicateReportId reads "duplicate of : <id>" (8–64 id characters), in any case', () => {
    expect(duplicateReportId('The Request is a duplicate of : abcd-1234')).toBe('abcd-1234');
    expect(duplicateReportId('DUPLICATE OF abcdefgh')).toBe('abcdefgh');
    expect(duplicateReportId('duplicate of:abcdefgh')).toBe('abcdefgh');
    expect(duplicateReportId('duplicate of : abc')).toBeUndefined();
    expect(duplicateReportId('a duplicate')).toBeUndefined();
    expect(duplicateReportId('')).toBeUndefined();
    expect(duplicateReportId(undefined)).toBeUndefined();
  });

  it('enrichDetails puts it on the first detail of a 425 only', () => {
    const details = [
      { path: '', issue: 'duplicate', received_type: 'upstream_error' },
      { path: 'x', issue: 'other', received_type: 'upstream_error' },
    ];
    const message = 'The Request is a duplicate of : abcdefgh-1';
    expect(enrichDetails(ctx({ status: 425, message }), details)).toEqual([
      { ...details[0], existing_report_id: 'abcdefgh-1' },
      details[1],
    ]);
    expect(enrichDetails(ctx({ status: 400, message }), details)).toBe(details);
    expect(enrichDetails(ctx({ status: 425, message: 'duplicate' }), details)).toBe(details);
  });
});

describe('regionOfCountry', () => {
  it("maps an Openbridge identity's region or country to an Ads region", () => {
    expect(regionOfCountry('na')).toBe('na');
    expect(regionOfCountry(' EU ')).toBe('eu');
    expect(regionOfCountry('Fe')).toBe('fe');
    expect(regionOfCountry('US')).toBe('na');
    expect(regionOfCountry('br')).toBe('na');
    expect(regionOfCountry('DE')).toBe('eu');
    expect(regionOfCountry('uk')).toBe('eu');
    expect(regionOfCountry('GB')).toBe('eu');
    expect(regionOfCountry('JP')).toBe('fe');
    expect(regionOfCountry('au')).toBe('fe');
    expect(regionOfCountry('global')).toBeUndefined();
    expect(regionOfCountry('')).toBeUndefined();
    expect(regionOfCountry(undefined)).toBeUndefined();
  });
});

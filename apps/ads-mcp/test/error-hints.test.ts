// Ads error hints keyed by the request's operation: an AMC 400 names where the AMC account id comes from.
import { describe, expect, it } from 'vitest';
import { type HintContext, hintsFor } from '../src/http/error-hints.js';

const base: HintContext = {
  tool: 'list_amc_instances',
  status: 400,
  operation: 'AMCAdmin.listInstances',
  message: 'bad request',
  authMode: 'direct',
  region: 'na',
  profileId: undefined,
};

describe('hintsFor', () => {
  it('an AMC operation answering 400 hints at the AMC account id', () => {
    expect(hintsFor(base).join(' ')).toMatch(/list_amc_accounts/);
  });

  it('a 400 of another operation does not', () => {
    expect(
      hintsFor({ ...base, operation: 'SponsoredProducts.ListSponsoredProductsCampaigns' }).join(' '),
    ).not.toMatch(/list_amc_accounts/);
  });
});

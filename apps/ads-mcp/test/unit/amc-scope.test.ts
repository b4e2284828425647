// Unit (src): the AMC account and marketplace a call goes out with: the only linked account, the one of the
// given marketplace, the active profile's marketplace, and the refusals that name what to pass.
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { amcAccounts, amcEntityProperties, amcScope } from '../../src/tools/amc-scope.js';
import type { ToolDeps } from '../../src/tools/deps.js';
import { createSession } from '../../src/session/session.js';
import { recordingCall } from './call-context.js';

const US = { accountId: 'amc-us', marketplaceId: 'ATVPDKIKX0DER' };
const CA = { accountId: 'amc-ca', marketplaceId: 'A2EUQ1WTGCTBG2' };
const { call } = recordingCall();

/** The catalog operations behind the lookups: GET /amc/accounts and GET /v2/profiles. */
const ACCOUNTS = 'AMCAdmin AmcpLinkListAmcAccounts';
const PROFILES = 'AccountsProfiles listProfiles';

/** A login: GET /amc/accounts answers `accounts` (one body, or pages by cursor); list_profiles answers `profiles`. */
function login(accounts: unknown, profiles: unknown = [], profileId?: number) {
  const requests: Array<{ ref: string; args: Record<string, unknown> }> = [];
  const session = createSession({ region: 'na', profileId, openbridge: undefined } as never);
  const deps = {
    session,
    operations: {
      lookup: async (operation: readonly string[], args: Record<string, unknown>) => {
        const ref = operation.join(' ');
        requests.push({ ref, args });
        if (ref === ACCOUNTS) return { body: typeof accounts === 'function' ? accounts(args) : accounts };
        if (ref === PROFILES) return { body: profiles };
        throw new Error(`unexpected operation ${ref}`);
      },
    },
  } as unknown as ToolDeps;
  return { deps, session, requests };
}

async function refusal(run: Promise<unknown>) {
  const e = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(DomainValidationError);
  const { code, summary, details, hints } = e as DomainValidationError;
  return { code, summary, details, hints };
}

describe('amcAccounts', () => {
  it('keeps only entries with an accountId; a body without a list is no account', async () => {
    const { deps } = login({ amcAccounts: [US, { accountName: 'no id' }, null, { accountId: 7 }, CA] });
    expect(await amcAccounts(deps, call)).toEqual([US, CA]);
    expect(await amcAccounts(login({ amcAccounts: 'x' }).deps, call)).toEqual([]);
    expect(await amcAccounts(login(undefined).deps, call)).toEqual([]);
  });

  it('an empty nextToken ends the paging; the answer is cached per region', async () => {
    const { deps, session, requests } = login({ amcAccounts: [US], nextToken: '' });
    expect(await amcAccounts(deps, call)).toEqual([US]);
    expect(requests).toEqual([{ ref: ACCOUNTS, args: { nextToken: undefined } }]);
    await amcAccounts(deps, call);
    expect(requests).toHaveLength(1);
    session.region = 'eu';
    await amcAccounts(deps, call);
    expect(requests).toHaveLength(2);
  });

  it('a cursor that is not a string ends the paging', async () => {
    const { deps, requests } = login({ amcAccounts: [US], nextToken: 7 });
    expect(await amcAccounts(deps, call)).toEqual([US]);
    expect(requests).toHaveLength(1);
  });

  it('stops after 20 pages of an upstream that never stops paging', async () => {
    let n = 0;
    const { deps, requests } = login(() => ({ amcAccounts: [{ accountId: `a${++n}` }], nextToken: `t${n}` }));
    expect(await amcAccounts(deps, call)).toHaveLength(20);
    expect(requests).toHaveLength(20);
    expect(requests[1]?.args).toEqual({ nextToken: 't1' });
  });
});

describe('amcScope', () => {
  it('the only linked account is used, with its marketplace', async () => {
    expect(await amcScope(login({ amcAccounts: [US] }).deps, {}, call)).toEqual({
      kind: 'amc',
      advertiserId: 'amc-us',
      marketplaceId: US.marketplaceId,
    });
  });

  it('no linked account: refused, and the hint says to link one or pass advertiserId', async () => {
    expect(await refusal(amcScope(login({ amcAccounts: [] }).deps, {}, call))).toEqual({
      code: 'INPUT_VALIDATION_FAILED',
      summary: 'No AMC account is linked to this login (GET /amc/accounts returned none).',
      details: [
        {
          path: 'advertiserId',
          issue: 'required by AMC (Amazon-Advertising-API-AdvertiserId / -MarketplaceId headers)',
          received_type: 'undefined',
          allowed: [],
        },
      ],
      hints: ['Link an AMC account to this Amazon Ads login, or pass advertiserId explicitly.'],
    });
  });

  it('several linked accounts: refused with the first five ids in the hint and up to twenty allowed', async () => {
    const many = Array.from({ length: 22 }, (_, i) => ({ accountId: `amc-${i}` }));
    const r = await refusal(amcScope(login({ amcAccounts: many }).deps, {}, call));
    expect(r.summary).toBe('22 AMC accounts are linked to this login; pick one with advertiserId.');
    expect(r.hints).toEqual([
      'Call again with advertiserId set to one of: amc-0, amc-1, amc-2, amc-3, amc-4 (see list_amc_accounts).',
    ]);
    expect(r.details[0]?.allowed).toEqual(many.slice(0, 20).map((a) => a.accountId));
  });

  it("no marketplace from the args or the account: the active profile's marketplace is used", async () => {
    const profiles = [
      { profileId: 1, accountInfo: { marketplaceStringId: 'A1F83G8C2ARO7P' } },
      { profileId: 2, accountInfo: { marketplaceStringId: 'A1PA6795UKMFR9' } },
    ];
    const { deps, session, requests } = login({ amcAccounts: [{ accountId: 'amc-x' }] }, profiles, 2);
    expect(await amcScope(deps, {}, call)).toEqual({
      kind: 'amc',
      advertiserId: 'amc-x',
      marketplaceId: 'A1PA6795UKMFR9',
    });
    // list_profiles is cached for the region.
    expect(session.profiles.get('na')).toEqual(profiles);
    await amcScope(deps, { advertiserId: 'amc-given' }, call);
    expect(requests.filter((r) => r.ref === PROFILES)).toEqual([{ ref: PROFILES, args: {} }]);
  });

  it('nothing supplies a marketplace: refused with the hint to pass one or set a profile', async () => {
    const expected = {
      code: 'INPUT_VALIDATION_FAILED',
      summary: 'AMC calls need marketplaceId, and nothing supplies it.',
      details: [
        {
          path: 'marketplaceId',
          issue: 'required by AMC (Amazon-Advertising-API-AdvertiserId / -MarketplaceId headers)',
          received_type: 'undefined',
        },
      ],
      hints: ['Pass marketplaceId (e.g. ATVPDKIKX0DER), or set an active profile with set_active_profile.'],
    };
    // No active profile: nothing to look up either.
    const none = login({}, [{ accountInfo: { marketplaceStringId: 'A1PA6795UKMFR9' } }]);
    expect(await refusal(amcScope(none.deps, { advertiserId: 'amc-given' }, call))).toEqual(expected);
    expect(none.requests).toEqual([]);
    // An active profile list_profiles does not list, or one without a marketplace; a non-array answer.
    expect(
      await refusal(amcScope(login({}, [{ profileId: 1 }], 1).deps, { advertiserId: 'amc-given' }, call)),
    ).toEqual(expected);
    expect(
      await refusal(amcScope(login({}, [{ profileId: 1 }], 3).deps, { advertiserId: 'amc-given' }, call)),
    ).toEqual(expected);
    expect(
      await refusal(amcScope(login({}, { profiles: [] }, 3).deps, { advertiserId: 'amc-given' }, call)),
    ).toEqual(expected);
  });

  it('the schema pins what an id may look like', () => {
    expect(new RegExp(amcEntityProperties.advertiserId.pattern).test('amc-us')).toBe(true);
    expect(new RegExp(amcEntityProperties.advertiserId.pattern).test('a/b/c/d')).toBe(false);
    expect(new RegExp(amcEntityProperties.marketplaceId.pattern).test('ATVPDKIKX0DER')).toBe(true);
    expect(new RegExp(amcEntityProperties.marketplaceId.pattern).test('atvpdkikx0der')).toBe(false);
  });
});

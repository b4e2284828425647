// AMC account choice when a login links several: marketplaceId picks the account, every page of
// GET /amc/accounts is read once with its cursor, and an ambiguous choice is refused with the ids to pick from.
import type { CallContext } from '@obmcp/contract';
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { AMC_ACCOUNTS, amcAccounts, amcScope } from '../src/tools/amc-scope.js';
import type { ToolDeps } from '../src/tools/deps.js';
import { createSession } from '../src/session/session.js';

const US = { accountId: 'amc-us', marketplaceId: 'ATVPDKIKX0DER' };
const CA = { accountId: 'amc-ca', marketplaceId: 'A2EUQ1WTGCTBG2' };
const MX = { accountId: 'amc-mx', marketplaceId: 'A1AM78C64UM0Y8' };

/** A login whose GET /amc/accounts answers in pages (cursor → page); records each request's nextToken. */
function login(pages: Record<string, { amcAccounts: unknown[]; nextToken?: string }>) {
  const cursors: Array<string | undefined> = [];
  const deps = {
    session: createSession({ region: 'na' }),
    operations: {
      lookup: async (ref: unknown, args: { nextToken?: string }) => {
        expect(ref).toEqual(AMC_ACCOUNTS);
        cursors.push(args.nextToken);
        const page = pages[args.nextToken ?? ''];
        if (!page) throw new Error(`no page for cursor ${String(args.nextToken)}`);
        return { body: page };
      },
    },
  } as unknown as ToolDeps;
  return { deps, cursors };
}
const call = {} as CallContext;

describe('GET /amc/accounts paging', () => {
  it('follows nextToken to the end: each account once, each page requested once', async () => {
    const { deps, cursors } = login({
      '': { amcAccounts: [US], nextToken: 'p2' },
      p2: { amcAccounts: [CA], nextToken: 'p3' },
      p3: { amcAccounts: [MX], nextToken: '' },
    });
    expect((await amcAccounts(deps, call)).map((a) => a.accountId)).toEqual(['amc-us', 'amc-ca', 'amc-mx']);
    expect(cursors).toEqual([undefined, 'p2', 'p3']);
    // Cached for the session's region: no second round of requests.
    await amcAccounts(deps, call);
    expect(cursors).toHaveLength(3);
  });
});

describe('which AMC account a call uses', () => {
  const pages = { '': { amcAccounts: [US], nextToken: 'p2' }, p2: { amcAccounts: [CA] } };

  it('marketplaceId picks the linked account of that marketplace, across pages', async () => {
    const { deps } = login(pages);
    expect(await amcScope(deps, { marketplaceId: CA.marketplaceId }, call)).toMatchObject({
      kind: 'amc',
      advertiserId: 'amc-ca',
      marketplaceId: CA.marketplaceId,
    });
    expect(await amcScope(deps, { marketplaceId: US.marketplaceId }, call)).toMatchObject({
      advertiserId: 'amc-us',
    });
  });

  it('without marketplaceId, two linked accounts are refused with both ids to pick from', async () => {
    const { deps } = login(pages);
    const error = await amcScope(deps, {}, call).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainValidationError);
    const e = error as DomainValidationError;
    expect(e.summary).toBe('2 AMC accounts are linked to this login; pick one with advertiserId.');
    expect(e.details[0]).toMatchObject({ path: 'advertiserId', allowed: ['amc-us', 'amc-ca'] });
  });

  it('a marketplace no linked account serves is refused, not sent with another account', async () => {
    const { deps } = login(pages);
    await expect(amcScope(deps, { marketplaceId: MX.marketplaceId }, call)).rejects.toThrow(
      /No AMC account is linked/,
    );
  });

  it('an explicit advertiserId is used as given, with no lookup', async () => {
    const { deps, cursors } = login(pages);
    expect(
      await amcScope(deps, { advertiserId: 'amc-given', marketplaceId: US.marketplaceId }, call),
    ).toMatchObject({ advertiserId: 'amc-given', marketplaceId: US.marketplaceId });
    expect(cursors).toEqual([]);
  });
});

// AMC entity headers: the AMC account id (Amazon-Advertising-API-AdvertiserId) from the args or from
// GET /amc/accounts (never the profile's accountInfo.id), the marketplace from the args, the account
// or the active profile.
import { type CallContext, DomainValidationError } from '@obmcp/contract';
import type { AdsScope } from '../http/client.js';
import type { AdsProfile, AmcAccount } from '../session/session.js';
import type { OperationRef } from '@obmcp/openapi-tools';
import type { ToolDeps } from './deps.js';

/** What the AMC headers are looked up with: the session's caches and the operations' lookup. */
export type AmcLookups = Pick<ToolDeps, 'session'> & { operations: Pick<ToolDeps['operations'], 'lookup'> };

/** The lookups behind the AMC headers (session-cached). */
// Stryker disable next-line ArrayDeclaration,StringLiteral: static (read at import); another name fails test/unit/amc-scope.test.ts (shown by hand), see README
export const AMC_ACCOUNTS: OperationRef = ['AMCAdmin', 'AmcpLinkListAmcAccounts'];
// Stryker disable next-line ArrayDeclaration,StringLiteral: the same
const PROFILES: OperationRef = ['AccountsProfiles', 'listProfiles'];

export interface AmcEntityArgs {
  advertiserId?: string;
  marketplaceId?: string;
}

export const amcEntityProperties = {
  advertiserId: {
    type: 'string',
    pattern: '^[A-Za-z0-9._-]{4,64}$',
    description: 'AMC account (list_amc_accounts); default: the only one.',
  },
  marketplaceId: {
    type: 'string',
    pattern: '^[A-Z0-9]{6,20}$',
  },
} as const;

export async function amcAccounts(ctx: AmcLookups, call: CallContext): Promise<AmcAccount[]> {
  const { session } = ctx;
  const cached = session.amcAccounts.get(session.region);
  if (cached) return cached;
  const all: AmcAccount[] = [];
  let nextToken: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const res = await ctx.operations.lookup(AMC_ACCOUNTS, { nextToken }, call);
    const body = (res.body ?? {}) as { amcAccounts?: unknown; nextToken?: unknown };
    if (Array.isArray(body.amcAccounts)) {
      for (const a of body.amcAccounts as AmcAccount[]) if (typeof a?.accountId === 'string') all.push(a);
    }
    nextToken = typeof body.nextToken === 'string' && body.nextToken !== '' ? body.nextToken : undefined;
    if (nextToken === undefined) break;
  }
  session.amcAccounts.set(session.region, all);
  return all;
}

async function activeProfile(ctx: AmcLookups, call: CallContext): Promise<AdsProfile | undefined> {
  const { session } = ctx;
  if (session.profileId === undefined) return undefined;
  let list = session.profiles.get(session.region);
  if (!list) {
    const res = await ctx.operations.lookup(PROFILES, {}, call);
    list = (Array.isArray(res.body) ? res.body : []) as AdsProfile[];
    session.profiles.set(session.region, list);
  }
  return list.find((p) => p.profileId === session.profileId);
}

function missing(path: string, summary: string, hints: string[], allowed?: string[]): DomainValidationError {
  return new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary,
    details: [
      {
        path,
        issue: 'required by AMC (Amazon-Advertising-API-AdvertiserId / -MarketplaceId headers)',
        received_type: 'undefined',
        ...(allowed ? { allowed: allowed.slice(0, 20) } : {}),
      },
    ],
    hints,
  });
}

export async function amcScope(
  ctx: AmcLookups,
  args: AmcEntityArgs,
  call: CallContext,
): Promise<AdsScope & { kind: 'amc' }> {
  let { advertiserId, marketplaceId } = args;
  if (advertiserId === undefined) {
    const accounts = await amcAccounts(ctx, call);
    const candidates =
      marketplaceId === undefined ? accounts : accounts.filter((a) => a.marketplaceId === marketplaceId);
    if (candidates.length !== 1) {
      const ids = candidates.map((a) => a.accountId);
      throw missing(
        'advertiserId',
        candidates.length === 0
          ? 'No AMC account is linked to this login (GET /amc/accounts returned none).'
          : `${candidates.length} AMC accounts are linked to this login; pick one with advertiserId.`,
        candidates.length === 0
          ? ['Link an AMC account to this Amazon Ads login, or pass advertiserId explicitly.']
          : [
              `Call again with advertiserId set to one of: ${ids.slice(0, 5).join(', ')} (see list_amc_accounts).`,
            ],
        ids,
      );
    }
    const [account] = candidates as [AmcAccount];
    advertiserId = account.accountId;
    marketplaceId ??= account.marketplaceId;
  }
  marketplaceId ??= (await activeProfile(ctx, call))?.accountInfo?.marketplaceStringId;
  if (marketplaceId === undefined) {
    throw missing('marketplaceId', 'AMC calls need marketplaceId, and nothing supplies it.', [
      'Pass marketplaceId (e.g. ATVPDKIKX0DER), or set an active profile with set_active_profile.',
    ]);
  }
  return { kind: 'amc', advertiserId, marketplaceId };
}

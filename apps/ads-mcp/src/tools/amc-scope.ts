// AMC entity headers: advertiserId/marketplaceId from the args, else from the active profile's accountInfo.
import { type CallContext, DomainValidationError } from '@obmcp/contract';
import type { AdsScope } from '../http/client.js';
import type { AdsProfile } from '../state/session.js';
import type { AdsToolContext } from './context.js';

export interface AmcEntityArgs {
  advertiserId?: string;
  marketplaceId?: string;
}

export const amcEntityProperties = {
  advertiserId: {
    type: 'string',
    pattern: '^[A-Za-z0-9]{4,64}$',
    description: 'AMC advertiser (entity) id; default: active profile accountInfo.id.',
  },
  marketplaceId: {
    type: 'string',
    pattern: '^[A-Z0-9]{6,20}$',
    description: 'Marketplace id; default: active profile accountInfo.marketplaceStringId.',
  },
} as const;

async function activeProfileInfo(ctx: AdsToolContext, call: CallContext): Promise<AdsProfile | undefined> {
  const { session } = ctx;
  if (session.profileId === undefined) return undefined;
  let list = session.profiles.get(session.region);
  if (!list) {
    const res = await ctx.client.request(
      { method: 'GET', path: '/v2/profiles', scope: { kind: 'none' }, idempotent: true },
      call,
    );
    list = (Array.isArray(res.body) ? res.body : []) as AdsProfile[];
    session.profiles.set(session.region, list);
  }
  return list.find((p) => p.profileId === session.profileId);
}

export async function amcScope(
  ctx: AdsToolContext,
  args: AmcEntityArgs,
  call: CallContext,
): Promise<AdsScope> {
  let { advertiserId, marketplaceId } = args;
  if (advertiserId === undefined || marketplaceId === undefined) {
    const info = (await activeProfileInfo(ctx, call))?.accountInfo;
    advertiserId ??= info?.id;
    marketplaceId ??= info?.marketplaceStringId;
  }
  if (advertiserId === undefined || marketplaceId === undefined) {
    const missing = advertiserId === undefined ? 'advertiserId' : 'marketplaceId';
    throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
      summary: `AMC calls need ${missing}, and no active profile supplies it.`,
      details: [
        {
          path: missing,
          issue: 'required by AMC (Amazon-Advertising-API-AdvertiserId / -MarketplaceId headers)',
          received_type: 'undefined',
        },
      ],
      hints: [
        'Pass advertiserId (accountInfo.id) and marketplaceId (accountInfo.marketplaceStringId) from list_profiles,',
        'or set an active profile with set_active_profile so they are taken from it.',
      ],
    });
  }
  return { kind: 'amc', advertiserId, marketplaceId };
}

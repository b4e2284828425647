// Runs one SP v3 list call (POST /sp/<resource>/list, vnd media type) and shapes the page.
import type { CallContext } from '@obmcp/contract';
import type { AdsToolContext } from './context.js';

export interface SpListResource {
  path: string;
  key: 'campaigns' | 'adGroups' | 'keywords' | 'productAds';
  media: string;
}

export async function spList(
  ctx: AdsToolContext,
  call: CallContext,
  res: SpListResource,
  body: Record<string, unknown>,
) {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const out = await ctx.client.request(
    {
      method: 'POST',
      path: `/sp/${res.path}/list`,
      media: res.media,
      body: clean,
      scope: { kind: 'profile' },
      idempotent: true,
    },
    call,
  );
  const page = (out.body ?? {}) as Record<string, unknown>;
  const items = Array.isArray(page[res.key]) ? (page[res.key] as unknown[]) : [];
  return {
    profileId: ctx.session.profileId ?? null,
    region: ctx.session.region,
    [res.key]: items,
    count: items.length,
    totalResults: typeof page.totalResults === 'number' ? page.totalResults : null,
    nextToken: typeof page.nextToken === 'string' ? page.nextToken : null,
  };
}

// Runs one v3 list call (POST …/list with the operation's vnd media type) and shapes the page.
import type { CallContext } from '@obmcp/contract';
import { callOperation } from './call-operation.js';
import type { AdsToolContext } from './context.js';
import type { AdsOperation } from './operations.js';

export async function spList(
  ctx: AdsToolContext,
  call: CallContext,
  op: AdsOperation,
  key: string,
  body: Record<string, unknown>,
) {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const out = await callOperation(ctx, op, { body: clean, idempotent: true }, call);
  const page = (out.body ?? {}) as Record<string, unknown>;
  const items = Array.isArray(page[key]) ? (page[key] as unknown[]) : [];
  return {
    profileId: ctx.session.profileId ?? null,
    region: ctx.session.region,
    [key]: items,
    count: items.length,
    totalResults: typeof page.totalResults === 'number' ? page.totalResults : null,
    nextToken: typeof page.nextToken === 'string' ? page.nextToken : null,
  };
}

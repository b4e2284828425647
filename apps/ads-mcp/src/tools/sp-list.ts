// Runs one v3 list call (POST …/list with the operation's vnd media type) and shapes the page.
import type { CallContext } from '@obmcp/contract';
import type { SendOperation } from '@obmcp/openapi-tools';
import type { AdsResponse } from '../http/client.js';
import type { AdsCallExtra } from '../operations/call-operation.js';
import type { ToolDeps } from './deps.js';

export type AdsSend = SendOperation<AdsResponse, AdsCallExtra>;

export async function spList(
  ctx: ToolDeps,
  call: CallContext,
  send: AdsSend,
  key: string,
  body: Record<string, unknown>,
) {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const out = await send({ body: clean }, call);
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

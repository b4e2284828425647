// One AMC call from a tool's args: the AMC entity fields become the entity headers, every other arg is the operation's own.
import type { CallContext } from '@obmcp/contract';
import type { AdsResponse } from '../http/client.js';
import type { AmcEntityArgs } from './amc-scope.js';
import type { AdsSend } from './sp-list.js';

type AmcArgs = AmcEntityArgs & Readonly<Record<string, unknown>>;

export function amcSend(
  send: AdsSend,
  args: AmcArgs,
  call: CallContext,
  extra: { idempotent?: false } = {},
): Promise<AdsResponse> {
  const { advertiserId: _a, marketplaceId: _m, ...params } = args;
  return send(params, call, { ...extra, amc: args });
}

/** A handler that answers the AMC object as the API returns it. */
export const amcObject =
  (send: AdsSend) =>
  async (args: AmcArgs, call: CallContext): Promise<Record<string, unknown>> =>
    (await amcSend(send, args, call)).body as Record<string, unknown>;

/** `{<key>: [...], count, nextToken}`: one page of an AMC list answer. */
export function amcPage(body: unknown, key: string) {
  const b = (body ?? {}) as Record<string, unknown>;
  const items = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
  return {
    [key]: items,
    count: items.length,
    nextToken: typeof b.nextToken === 'string' ? b.nextToken : null,
  };
}

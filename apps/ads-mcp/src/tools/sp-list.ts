// A v3 list tool (POST …/list with the operation's vnd media type): the args become the list body by one rule, the page is shaped once.
import { type CallContext, defineTool, type ToolDefinition } from '@obmcp/contract';
import type { CatalogOperation, OperationRef, SendOperation } from '@obmcp/openapi-tools';
import type { AdsResponse } from '../http/client.js';
import type { AdsCallExtra } from '../operations/call-operation.js';
import type { ToolDeps } from './deps.js';

export type AdsSend = SendOperation<AdsResponse, AdsCallExtra>;

/** The v3 filters that take an object `{include: [...]}` rather than a bare list. */
const isIncludeFilter = (field: string) => field.endsWith('IdFilter') || field === 'stateFilter';

/**
 * The list body of a tool's args: each id and state filter list becomes `{include: [...]}`, any other field
 * goes as it is, `shaped` (fields the rule cannot say; undefined drops one) wins, undefined is left out.
 */
export function listBody(
  args: Readonly<Record<string, unknown>>,
  shaped: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries({ ...args, ...shaped })) {
    if (value !== undefined) body[field] = isIncludeFilter(field) ? { include: value } : value;
  }
  return body;
}

/** One list call and its page: `{profileId, region, <key>: [...], count, totalResults, nextToken}`. */
async function spList(
  ctx: ToolDeps,
  call: CallContext,
  send: AdsSend,
  key: string,
  body: Record<string, unknown>,
) {
  const out = await send({ body }, call);
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

export interface SpListToolSpec<Args> {
  name: string;
  title: string;
  /** Text, or made from the bound operation (its route). */
  description: string | ((op: CatalogOperation) => string);
  /** A schema literal written `as const` whose properties are the list body's fields. */
  inputSchema: Record<string, unknown>;
  /** The page's array field, kept under the same name in the result. */
  key: string;
  /** Body fields the rule cannot say (see listBody). */
  shape?: (args: Args) => Record<string, unknown>;
}

/** A read-only v3 list tool bound to its operation. */
export function spListTool<Args extends Record<string, unknown>>(
  ctx: ToolDeps,
  ref: OperationRef,
  spec: SpListToolSpec<Args>,
): ToolDefinition {
  const { description, key, shape, ...tool } = spec;
  return ctx.operations.one(ref, (send, op) =>
    defineTool<Args>({
      ...tool,
      description: typeof description === 'string' ? description : description(op),
      handler: (args, call) => spList(ctx, call, send, key, listBody(args, shape?.(args))),
    }),
  );
}

// One binding from a hand-written tool to its upstream operation(s): the tool names each operation once
// ([spec file stem, operationId]), publishes it as `_meta`, and calls it through the catalog's recipe with
// the app's client call — the same path a generated tool takes. Curated code only shapes arguments/results.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import { isSilentObjectSchema } from '@obmcp/contract/internal/validation/strict-unknown.js';
import {
  type Catalog,
  type CatalogOperation,
  OPERATION_META_KEY,
  OPERATIONS_META_KEY,
  type OperationMeta,
  type RecipeParam,
} from './catalog-types.js';
import { annotationsOf, passthroughOf, sameAnnotations } from './operation-annotations.js';

/** [spec file stem, operationId], e.g. ['ordersV0', 'getOrders']. */
export type OperationRef = readonly [api: string, operationId: string];

/** The app's client call for one operation (recipe → request → its upstream client); `X` carries app extras. */
export type CallOperation<R, X> = (
  op: CatalogOperation,
  args: Record<string, unknown>,
  call: CallContext,
  extra?: X,
) => Promise<R>;

/** Calls the operation a tool declared; argument names are the operation's own (case-insensitive). */
export type SendOperation<R, X> = (args: Record<string, unknown>, call: CallContext, extra?: X) => Promise<R>;

export interface OperationBinder<R, X> {
  /** The catalog entry of an operation; throws (a programming error) when the specs lack it. */
  operation(ref: OperationRef): CatalogOperation;
  /**
   * A tool that calls exactly one operation: declared as `_meta["io.obmcp/operation"]` (it replaces the generated
   * twin). What the operation already says, the tool does not restate: one stating no annotations gets the
   * operation's (as its generated twin has them); one whose schema leaves its top level open (see
   * `passthroughOf`) gets the operation's passthrough target. Restating either the same way throws, so only
   * a deliberate difference is ever written (e.g. `destructiveHint` on a feed that replaces listings).
   */
  one(
    ref: OperationRef,
    define: (send: SendOperation<R, X>, op: CatalogOperation) => ToolDefinition,
  ): ToolDefinition;
  /**
   * A workflow over several operations, declared in order as `_meta["io.obmcp/operations"]` (their
   * generated tools stay served); it gets one send per declared name and can call nothing else.
   */
  many<K extends string>(
    refs: Readonly<Record<K, OperationRef>>,
    define: (send: Readonly<Record<K, SendOperation<R, X>>>) => ToolDefinition,
  ): ToolDefinition;
  /**
   * Calls an operation outside any tool's declaration: only for the lookups that resolve a call's own
   * scope (ads-mcp: the AMC accounts and the profile list behind the AMC headers), never a tool's request.
   */
  lookup(ref: OperationRef, args: Record<string, unknown>, call: CallContext, extra?: X): Promise<R>;
}

export interface OperationBinderOptions<R, X> {
  catalog: () => Catalog;
  call: CallOperation<R, X>;
  /** A sentence appended to a one-operation tool's description (SP: the usage plan's rate). */
  describe?: (op: CatalogOperation) => string | undefined;
}

export function operationBinder<R, X = never>(o: OperationBinderOptions<R, X>): OperationBinder<R, X> {
  let byRef: Map<string, CatalogOperation[]> | undefined;
  const operation = ([api, operationId]: OperationRef): CatalogOperation => {
    if (byRef === undefined) {
      byRef = new Map();
      for (const op of o.catalog().operations) {
        const key = `${op.meta.api}:${op.meta.operationId}`;
        byRef.set(key, [...(byRef.get(key) ?? []), op]);
      }
    }
    const [op, ...others] = byRef.get(`${api}:${operationId}`) ?? [];
    if (!op) throw new Error(`${api} ${operationId} is not in the ${o.catalog().family} catalog`);
    // A spec may repeat an operationId (shippingV2 linkCarrierAccount on POST and PUT): a ref cannot pick one.
    if (others.length > 0)
      throw new Error(
        `${api} ${operationId} names ${others.length + 1} operations (${[op, ...others].map(routeOf).join(', ')})`,
      );
    return op;
  };
  const sendTo =
    (op: CatalogOperation): SendOperation<R, X> =>
    (args, call, extra) =>
      o.call(op, operationArgs(op, args), call, extra);
  return {
    operation,
    one(ref, define) {
      const op = operation(ref);
      const tool = define(sendTo(op), op);
      const sentence = o.describe?.(op);
      const annotations = annotationsOf(op);
      const passthrough = passthroughOf(op);
      const restates = (what: string) =>
        new Error(
          `${tool.name} restates its operation's ${what} (${op.meta.operationId}); leave it out, it is inherited`,
        );
      if (tool.annotations && sameAnnotations(tool.annotations, annotations)) throw restates('annotations');
      if (tool.passthrough === passthrough) throw restates(`passthrough '${passthrough}'`);
      const open = tool.passthrough === undefined && isSilentObjectSchema(tool.inputSchema);
      return {
        ...tool,
        annotations: tool.annotations ?? annotations,
        ...(open ? { passthrough } : {}),
        ...(sentence && tool.description ? { description: `${tool.description} ${sentence}` } : {}),
        _meta: { ...tool._meta, [OPERATION_META_KEY]: op.meta },
      };
    },
    many(refs, define) {
      const entries = Object.entries(refs) as [string, OperationRef][];
      const ops = entries.map(([name, ref]) => [name, operation(ref)] as const);
      const sends = Object.fromEntries(ops.map(([name, op]) => [name, sendTo(op)]));
      const tool = define(sends as Record<keyof typeof refs, SendOperation<R, X>>);
      const metas = [...new Set(ops.map(([, op]) => op))].map((op) => op.meta);
      return { ...tool, _meta: { ...tool._meta, [OPERATIONS_META_KEY]: metas } };
    },
    lookup: (ref, args, call, extra) => sendTo(operation(ref))(args, call, extra),
  };
}

function paramFor(params: readonly RecipeParam[], key: string): RecipeParam | undefined {
  const exact = params.find((p) => p.arg === key);
  if (exact) return exact;
  const folded = params.filter((p) => p.arg.toLowerCase() === key.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/**
 * Arguments renamed to the operation's own, case-insensitively (`marketplaceIds` → `MarketplaceIds`,
 * `sellerSku` → `SellerSKU`); undefined values are left out. A key the operation does not take throws:
 * a tool strips its local options itself, so nothing it means to send is dropped silently.
 */
export function operationArgs(
  op: CatalogOperation,
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const param = paramFor(op.recipe.params, key);
    if (!param) throw new Error(`${op.meta.api} ${op.meta.operationId} takes no argument ${key}`);
    out[param.arg] = value;
  }
  return out;
}

/** `POST /sp/campaigns`: how a description names the request, from the spec rather than restated. */
export function routeOf(op: CatalogOperation): string {
  return `${op.recipe.method} ${op.recipe.path}`;
}

/**
 * The operations a tool declares: its one `_meta["io.obmcp/operation"]`, or a workflow's non-empty
 * `io.obmcp/operations`; undefined when it declares none, or both.
 */
export function declaredOperations(tool: {
  _meta?: { [key: string]: unknown };
}): OperationMeta[] | undefined {
  const one = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
  const many = tool._meta?.[OPERATIONS_META_KEY] as OperationMeta[] | undefined;
  if (one && !many) return [one];
  if (many && !one && many.length > 0) return many;
  return undefined;
}

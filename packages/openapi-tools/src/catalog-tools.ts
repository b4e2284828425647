// Catalog operations as contract tools, and the listed/hidden split a server publishes: curated tools
// replace their generated twin, toolsets select what tools/list shows, the rest stays reachable
// through Code Mode; writes only when enabled. Shared by every server that serves a catalog.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import {
  type Catalog,
  type CatalogOperation,
  OPERATION_META_KEY,
  OPERATIONS_META_KEY,
  type OperationMeta,
} from './catalog-types.js';
import { annotationsOf } from './operation-annotations.js';
import { allowedOperations, parseToolsets, toolsetsOf } from './select.js';

/** The toolset name of the hand-written tools (listed by default). */
export const CURATED_TOOLSET = 'curated';

/** Tool results are objects: a JSON object passes through, anything else is wrapped. */
export function asToolResult(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : { result: body ?? null };
}

export type ExecuteOperation = (
  op: CatalogOperation,
  args: Record<string, unknown>,
  call: CallContext,
) => Promise<unknown>;

/** One catalog operation as a contract tool (like every tool: view derived on first listing, schema compiled on first call). */
export function operationTool(op: CatalogOperation, execute: ExecuteOperation): ToolDefinition {
  return {
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: { ...op.inputSchema, examples: op.examples },
    annotations: annotationsOf(op),
    _meta: { [OPERATION_META_KEY]: op.meta },
    handler: async (args, call) => asToolResult(await execute(op, args as Record<string, unknown>, call)),
  };
}

/** The operation a curated tool replaces (`io.obmcp/operation`). */
function operationOf(tool: ToolDefinition): OperationMeta | undefined {
  return tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
}

/** The operation whose toolset lists a curated tool: the one it replaces, else the first a workflow calls. */
function listingOperationOf(tool: ToolDefinition): OperationMeta | undefined {
  return operationOf(tool) ?? (tool._meta?.[OPERATIONS_META_KEY] as OperationMeta[] | undefined)?.[0];
}

/** `<toolset>_<name>` (snake case, at most 64 characters) for a name a curated tool already uses. */
function qualified(op: CatalogOperation): string {
  return `${op.toolset.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${op.name}`.slice(0, 64);
}

const key = (m: { method: string; path: string }) => `${m.method.toUpperCase()} ${m.path}`;

export interface ToolSplitOptions {
  catalog: Catalog;
  /** Hand-written tools (already filtered by the writes switch); local ones have openWorldHint false. */
  curated: readonly ToolDefinition[];
  /** The toolsets env value (comma-separated names, `curated`, or `all`); blank → defaultToolsets. */
  toolsets: string | undefined;
  defaultToolsets: string;
  enableWrites: boolean;
  execute: ExecuteOperation;
  /**
   * Curated tools listed only with the toolset of their operation, not with `curated` (keeps the
   * default tools/list small; Code Mode still reaches them).
   */
  outsideCurated?: ReadonlySet<string>;
  /**
   * Generated tools (by name) listed with `curated` too, besides their toolset: a read the default user
   * should meet without configuration (e.g. one a view shows). Writes stay behind the writes switch.
   */
  insideCurated?: ReadonlySet<string>;
}

export interface ToolSplit {
  /** Published in tools/list. */
  listed: ToolDefinition[];
  /** Callable through Code Mode only (search_tools, get_tool_schema, call_tool). */
  hidden: ToolDefinition[];
  /**
   * Operations not served: the catalog has no example that validates against their schema (the
   * contract requires one), so a tool for them could not be called. Servers name them in BEHAVIOR.md.
   */
  unservable: CatalogOperation[];
}

/**
 * Throws (naming the valid toolsets) on an unknown toolset or a curated tool whose name collides with
 * a generated one. Every allowed operation ends up in exactly one tool, listed or hidden.
 */
export function catalogToolSplit(o: ToolSplitOptions): ToolSplit {
  const raw = o.toolsets === undefined || o.toolsets.trim() === '' ? o.defaultToolsets : o.toolsets;
  const parsed = parseToolsets(raw, [CURATED_TOOLSET, ...toolsetsOf(o.catalog)]);
  const listCurated = parsed === 'all' || parsed.has(CURATED_TOOLSET);
  const listedApi = (toolset: string) => parsed === 'all' || parsed.has(toolset);
  const toolsetByKey = new Map(o.catalog.operations.map((op) => [key(op.recipe), op.toolset]));
  const covered = new Set(o.curated.flatMap((t) => (operationOf(t) ? [key(operationOf(t)!)] : [])));
  const taken = new Set(o.curated.map((t) => t.name));
  const listed: ToolDefinition[] = [];
  const hidden: ToolDefinition[] = [];
  const unservable: CatalogOperation[] = [];
  for (const tool of o.curated) {
    const local = tool.annotations?.openWorldHint === false;
    const meta = listingOperationOf(tool);
    const toolset = meta ? toolsetByKey.get(key(meta)) : undefined;
    const show =
      local ||
      (listCurated && !o.outsideCurated?.has(tool.name)) ||
      (toolset !== undefined && listedApi(toolset));
    (show ? listed : hidden).push(tool);
  }
  for (const op of allowedOperations(o.catalog, o.enableWrites)) {
    if (covered.has(key(op.recipe))) continue;
    if (op.examples.length === 0) {
      unservable.push(op);
      continue;
    }
    // A curated tool owns the plain name; the generated twin is qualified by its toolset.
    const name = taken.has(op.name) ? qualified(op) : op.name;
    if (taken.has(name)) throw new Error(`generated tool ${name} collides with a curated tool`);
    taken.add(name);
    const show = listedApi(op.toolset) || (listCurated && o.insideCurated?.has(name) === true);
    (show ? listed : hidden).push(operationTool({ ...op, name }, o.execute));
  }
  return { listed, hidden, unservable };
}

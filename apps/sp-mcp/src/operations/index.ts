// sp-mcp tools from the generated catalog: which are listed, which only Code Mode reaches.
import type { ToolDefinition } from '@obmcp/contract';
import type { LimitRule } from '@obmcp/http-kit';
import { allowedOperations } from '@obmcp/openapi-tools';
import type { SpApiClient } from '../http/sp-client.js';
import { operationKey } from './call-operation.js';
import { spCatalog } from './catalog.js';
import { curatedOperationRefs, operationRef, withOperationMeta } from './curated-operations.js';
import { listsCurated } from './default-listing.js';
import { operationTool } from './operation-tools.js';
import { isListedApi, selectToolsets } from './toolsets.js';

export interface SpToolSplit {
  /** Published in tools/list. */
  listed: ToolDefinition[];
  /** Callable through Code Mode only (search_tools, get_tool_schema, call_tool). */
  hidden: ToolDefinition[];
}

export interface SpOperationOptions {
  client: SpApiClient;
  /** The app's hand-written tools (curated and local), already filtered by the writes switch. */
  curated: readonly ToolDefinition[];
  /** SP_API_TOOLSETS as given. */
  toolsets: string | undefined;
  enableWrites: boolean;
}

/**
 * Curated tools declare their operation and replace its generated twin; every other operation of
 * the catalog becomes a generated tool, listed when its API is selected. Writes only when enabled.
 */
export function spToolSplit(options: SpOperationOptions): SpToolSplit {
  const catalog = spCatalog();
  const selection = selectToolsets(options.toolsets, catalog);
  const curated = withOperationMeta(options.curated, catalog);
  const covered = curatedOperationRefs();
  const taken = new Set(curated.map((t) => t.name));
  const listed: ToolDefinition[] = [];
  const hidden: ToolDefinition[] = [];
  for (const tool of curated) (listsCurated(tool, selection) || isLocal(tool) ? listed : hidden).push(tool);
  for (const op of allowedOperations(catalog, options.enableWrites)) {
    if (covered.has(operationRef(op.meta.api, op.meta.operationId))) continue;
    if (taken.has(op.name)) throw new Error(`generated tool ${op.name} collides with a curated tool`);
    (isListedApi(selection, op.toolset) ? listed : hidden).push(operationTool(op, options.client));
  }
  return { listed, hidden };
}

/** Session tools (identities, region) have no upstream operation and are always listed. */
function isLocal(tool: ToolDefinition): boolean {
  return tool.annotations?.openWorldHint === false;
}

/**
 * Operations whose model documents no usage plan: one request per second, burst 5, until the
 * upstream's x-amzn-RateLimit-Limit header teaches the limiter the real rate.
 */
export const UNDOCUMENTED_RULE: LimitRule = { rate: 1, burst: 5 };

let rules: Map<string, LimitRule> | undefined;

/** The limiter rule of a generated operation (by `<api>.<operationId>`), undefined for others. */
export function operationRule(operation: string): LimitRule | undefined {
  rules ??= new Map(
    spCatalog().operations.map((op) => [operationKey(op), op.usagePlan ?? UNDOCUMENTED_RULE]),
  );
  return rules.get(operation);
}

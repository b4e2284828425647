// sp-mcp tools from the generated catalog: curated tools declare (and replace) their operation (bind.ts),
// every other operation is a generated tool, listed when its API is selected (SP_API_TOOLSETS); the shared
// catalogToolSplit does the split.
import type { ToolDefinition } from '@obmcp/contract';
import { CURATED_TOOLSET, catalogToolSplit, type ToolSplit } from '@obmcp/openapi-tools';
import type { SpApiClient } from '../http/sp-client.js';
import { withRdtNote } from '../restricted/rdt-notes.js';
import { spOperationExecutor } from './call-operation.js';
import { spCatalog } from './catalog.js';
import { OUTSIDE_DEFAULT } from './default-listing.js';

/** Default SP_API_TOOLSETS: the curated tools; every other operation is reachable through Code Mode. */
export const DEFAULT_SP_TOOLSETS = CURATED_TOOLSET;

export interface SpOperationOptions {
  client: SpApiClient;
  /** The app's hand-written tools (curated and local), already filtered by the writes switch. */
  curated: readonly ToolDefinition[];
  /** SP_API_TOOLSETS as given. */
  toolsets: string | undefined;
  enableWrites: boolean;
}

/** Throws (a startup error naming the valid toolsets) on an unknown SP_API_TOOLSETS name. */
export function spToolSplit(options: SpOperationOptions): ToolSplit {
  const catalog = spCatalog();
  try {
    const split = catalogToolSplit({
      catalog,
      curated: options.curated,
      toolsets: options.toolsets,
      defaultToolsets: DEFAULT_SP_TOOLSETS,
      enableWrites: options.enableWrites,
      outsideCurated: OUTSIDE_DEFAULT,
      execute: spOperationExecutor(options.client),
    });
    return { ...split, listed: split.listed.map(withRdtNote), hidden: split.hidden.map(withRdtNote) };
  } catch (error) {
    throw new Error(`SP_API_TOOLSETS: ${error instanceof Error ? error.message : String(error)}`);
  }
}

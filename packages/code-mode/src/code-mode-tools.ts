// codeModeTools(): the three ordinary tools that make up Code Mode, sharing one sandbox pool.
import type { ToolDefinition } from '@obmcp/contract';
import { resolveLimits, type CodeModeOptions } from './options.js';
import { ModulePool } from './sandbox/module-pool.js';
import { executeTool } from './tools/execute.tool.js';
import { getToolSchemaTool } from './tools/get-tool-schema.tool.js';
import { searchToolsTool } from './tools/search-tools.tool.js';

export const CODE_MODE_TOOL_NAMES = ['execute', 'search_tools', 'get_tool_schema'] as const;
export type CodeModeToolName = (typeof CODE_MODE_TOOL_NAMES)[number];

/** The QuickJS modules load lazily on the first `execute`; nothing is loaded here. */
export function codeModeTools(options?: CodeModeOptions): ToolDefinition[] {
  const limits = resolveLimits(options);
  const pool = new ModulePool(limits.memoryLimitBytes, limits.maxConcurrentRuns);
  return [executeTool(limits, pool), searchToolsTool(), getToolSchemaTool()];
}

// codeModeTools(): the three ordinary tools that make up Code Mode, sharing one sandbox pool.
import type { ToolDefinition } from '@obmcp/contract';
import { resolveLimits, type CodeModeOptions } from './options.js';
import { executeTool } from './tools/execute.tool.js';
import { getToolSchemaTool } from './tools/get-tool-schema.tool.js';
import { searchToolsTool } from './tools/search-tools.tool.js';
import { ThreadPool } from './worker/thread-pool.js';

export const CODE_MODE_TOOL_NAMES = ['execute', 'search_tools', 'get_tool_schema'] as const;
export type CodeModeToolName = (typeof CODE_MODE_TOOL_NAMES)[number];

/** Sandbox threads (and QuickJS in them) start on the first `execute`; nothing is loaded here. */
export function codeModeTools(options?: CodeModeOptions): ToolDefinition[] {
  const limits = resolveLimits(options);
  const pool = new ThreadPool(limits);
  return [executeTool(limits, pool), searchToolsTool(), getToolSchemaTool()];
}

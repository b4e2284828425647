// codeModeTools(): the three ordinary tools that make up Code Mode, sharing one sandbox pool.
import type { ToolDefinition } from '@obmcp/contract';
import { type CodeModeOptions, type ResolvedLimits, resolveLimits } from './options.js';
import type { SandboxRunner } from './sandbox/types.js';
import { executeTool } from './tools/execute.tool.js';
import { getToolSchemaTool } from './tools/get-tool-schema.tool.js';
import { searchToolsTool } from './tools/search-tools.tool.js';
import { threadRunner } from './worker/run-in-thread.js';

export const CODE_MODE_TOOL_NAMES = ['execute', 'search_tools', 'get_tool_schema'] as const;
export type CodeModeToolName = (typeof CODE_MODE_TOOL_NAMES)[number];

/** Sandbox threads (and QuickJS in them) start on the first `execute`; nothing is loaded here. */
export function codeModeTools(options?: CodeModeOptions): ToolDefinition[] {
  const limits = resolveLimits(options);
  return codeModeToolsOn(threadRunner(limits), limits);
}

/** The three tools with `execute` on the given runner (not exported from the package: tests use it). */
export function codeModeToolsOn(run: SandboxRunner, limits: ResolvedLimits): ToolDefinition[] {
  return [executeTool(limits, run), searchToolsTool(), getToolSchemaTool()];
}

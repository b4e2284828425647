// Which tools reach upstream: annotated openWorldHint, else not one of the known local tools.
import type { Tool } from '@modelcontextprotocol/client';
import { isTestHook } from '../../src/index.js';

const LOCAL_TOOLS =
  /^(set_region|get_region|list_regions|get_envelope_contract|get_capabilities|search_tools|get_tool_schema|execute|set_active_.*|get_active_.*)$/;

export function reachesUpstream(tool: Tool, all: readonly Tool[]): boolean {
  if (isTestHook(tool)) return false;
  const annotated = all.some((t) => t.annotations?.openWorldHint !== undefined);
  if (annotated) return tool.annotations?.openWorldHint === true;
  return !LOCAL_TOOLS.test(tool.name);
}

/**
 * Read-only upstream tools: the fault matrix calls each with its first example. Not `execute`: it is
 * read-only when every callable tool is, but what it reaches depends on the script (its example is local).
 */
export function upstreamReadTools(tools: readonly Tool[]): Tool[] {
  return tools.filter(
    (t) => t.name !== 'execute' && t.annotations?.readOnlyHint === true && reachesUpstream(t, tools),
  );
}

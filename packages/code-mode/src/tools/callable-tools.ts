// The host's tools minus the Code Mode tools themselves: what search and schema lookup cover.
import type { ToolHost, ToolInfo } from '@obmcp/contract';

const CODE_MODE_NAMES: ReadonlySet<string> = new Set(['execute', 'search_tools', 'get_tool_schema']);

export function callableTools(host: ToolHost): ToolInfo[] {
  return host.tools().filter((tool) => !CODE_MODE_NAMES.has(tool.name));
}

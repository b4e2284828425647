// Inside execute, an unknown call_tool name points to search_tools (tools/list may show only the Code Mode tools).
import type { CallOutcome } from '@obmcp/contract';
import type { ToolCaller } from './types.js';

const SEARCH_HINT =
  'Tool names are case-sensitive; call search_tools (outside this script) to find the available names, then get_tool_schema for their arguments.';

/** The host's tool_not_found envelope with its "call tools/list" hint replaced by one naming search_tools. */
export function withSearchToolsHint(host: ToolCaller): ToolCaller {
  return {
    call: async (name, args, options) => pointToSearch(await host.call(name, args, options)),
  };
}

function pointToSearch(outcome: CallOutcome): CallOutcome {
  if (outcome.ok || outcome.envelope.error_kind !== 'tool_not_found') return outcome;
  const kept = outcome.envelope.hints.filter((hint) => !hint.includes('tools/list'));
  return { ok: false, envelope: { ...outcome.envelope, hints: [...kept, SEARCH_HINT] } };
}

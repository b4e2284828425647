// Which tools a check may call: all, only read-only ones (annotations.readOnlyHint), or none.
import type { Tool } from '@modelcontextprotocol/client';

export type CallPolicy = 'all' | 'read-only' | 'none';

export const CALL_POLICIES: readonly CallPolicy[] = ['all', 'read-only', 'none'];

export function mayCall(tool: Tool, policy: CallPolicy): boolean {
  if (policy === 'all') return true;
  if (policy === 'none') return false;
  return tool.annotations?.readOnlyHint === true;
}

// Generated tools of restricted operations say so in their description (curated ones say it themselves).
import type { ToolDefinition } from '@obmcp/contract';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { matchRestricted } from './restricted-resource.js';

const RDT_NOTE =
  ' Returns personal data: a restricted-data token is requested automatically (restricted role required).';

export function withRdtNote(tool: ToolDefinition): ToolDefinition {
  const op = tool._meta?.[OPERATION_META_KEY] as { method?: string; path?: string } | undefined;
  // A tool without a description reads as 'undefined', which says nothing about tokens.
  if (!op?.method || !op.path || /restricted-data token/.test(String(tool.description))) return tool;
  const restricted = matchRestricted(op.method, op.path);
  return restricted && !restricted.operation.conditional
    ? { ...tool, description: `${tool.description ?? ''}${RDT_NOTE}` }
    : tool;
}

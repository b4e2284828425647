// Generated tools: one contract tool per catalog operation (openapi-tools' operationTool), executing its
// recipe through the SP client.
import type { ToolDefinition } from '@obmcp/contract';
import { type CatalogOperation, operationTool as catalogTool } from '@obmcp/openapi-tools';
import type { SpApiClient } from '../http/sp-client.js';
import { matchRestricted } from '../restricted/restricted-resource.js';
import { callOperation } from './call-operation.js';

const RDT_NOTE =
  ' Returns personal data: a restricted-data token is requested automatically (restricted role required).';

/**
 * The operation as a contract tool: the contract normalizes and validates against the official
 * schema (compiled on first call), the handler sends the recipe and returns the upstream body.
 */
export function operationTool(op: CatalogOperation, client: SpApiClient): ToolDefinition {
  const tool = catalogTool(op, async (o, args, call) => (await callOperation(client, o, args, call)).body);
  const restricted = matchRestricted(op.meta.method, op.meta.path);
  return restricted && !restricted.operation.conditional
    ? { ...tool, description: `${tool.description ?? ''}${RDT_NOTE}` }
    : tool;
}

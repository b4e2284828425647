// Generated tools: one contract tool per catalog operation, executing its recipe through the SP client.
import {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolAnnotations,
  type ToolDefinition,
} from '@obmcp/contract';
import { type CatalogOperation, OPERATION_META_KEY } from '@obmcp/openapi-tools';
import type { SpApiClient } from '../http/sp-client.js';
import { callOperation } from './call-operation.js';

function annotationsOf(op: CatalogOperation): ToolAnnotations {
  if (op.recipe.method === 'GET' || !op.writes) return READ_UPSTREAM;
  if (op.recipe.method === 'POST') return CREATE_UPSTREAM;
  if (op.recipe.method === 'PATCH') return CHANGE_UPSTREAM;
  return REPLACE_UPSTREAM;
}

/** Tool results are objects: a JSON object body passes through, anything else is wrapped. */
function asResult(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : { result: body ?? null };
}

/**
 * The operation as a contract tool: the contract normalizes and validates against the official
 * schema (compiled on first call), the handler sends the recipe and returns the upstream body.
 */
export function operationTool(op: CatalogOperation, client: SpApiClient): ToolDefinition {
  return {
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: { ...op.inputSchema, examples: op.examples },
    annotations: annotationsOf(op),
    _meta: { [OPERATION_META_KEY]: op.meta },
    lazy: true,
    handler: async (args, call) => {
      const { body } = await callOperation(client, op, args as Record<string, unknown>, call);
      return asResult(body);
    },
  };
}

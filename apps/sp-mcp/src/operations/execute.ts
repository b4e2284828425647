// Generated tools' handler for sp-mcp: the operation through callOperation, the upstream body as the result.
import type { ExecuteOperation } from '@obmcp/openapi-tools';
import type { SpApiClient } from '../http/client.js';
import { callOperation } from './call-operation.js';

export function operationExecutor(client: SpApiClient): ExecuteOperation {
  return async (op, args, call) => (await callOperation(client, op, args, call)).body;
}

// The one place a generated operation meets the upstream client: recipe + args → SpApiClient.call.
import type { CallContext } from '@obmcp/contract';
import { buildRequest, type CatalogOperation, type ExecuteOperation } from '@obmcp/openapi-tools';
import type { SpApiClient, SpResult } from '../http/sp-client.js';

/** Limiter key of a generated operation: operationIds repeat across APIs, so the model stem qualifies it. */
export function operationKey(op: CatalogOperation): string {
  return `${op.meta.api}.${op.meta.operationId}`;
}

export async function callOperation(
  client: SpApiClient,
  op: CatalogOperation,
  args: Record<string, unknown>,
  call: CallContext,
): Promise<SpResult> {
  const built = buildRequest(op.recipe, args);
  const { accept, 'content-type': _contentType, ...headers } = built.headers;
  return client.call(
    {
      operation: operationKey(op),
      method: built.method,
      path: built.pathAndQuery,
      ...(built.body === undefined ? {} : { body: built.body }),
      ...(accept ? { accept } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      // The success body documents an `errors` list (e.g. a validation result): a payload, not a failure.
      ...(op.recipe.errorsInSuccess ? { errorsInSuccess: true } : {}),
    },
    call,
  );
}

/** Generated tools' handler: the recipe through the SP client, the upstream body as the result. */
export function spOperationExecutor(client: SpApiClient): ExecuteOperation {
  return async (op, args, call) => (await callOperation(client, op, args, call)).body;
}

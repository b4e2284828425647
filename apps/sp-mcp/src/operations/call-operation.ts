// sp-mcp's client call for one catalog operation: recipe + args → SpApiClient.call, limited by the
// operation's own usage plan (`<api>.<operationId>`). Generated and curated tools both go through it.
import type { CallContext } from '@obmcp/contract';
import { buildRequest, type CatalogOperation, encodeRequestBody, operationKey } from '@obmcp/openapi-tools';
import type { SpApiClient, SpResult } from '../http/client.js';
import type { RoleName } from '../restricted/restricted-operations.js';
import { spCatalog } from './catalog.js';

/** What a curated tool may add to a call that the spec cannot say. */
export interface SpCallExtra {
  /** A conditional restricted operation (a restricted report type's document): request an RDT. */
  restrictedData?: { roles: readonly RoleName[] };
}

/** Limiter key of an operation: operationIds repeat across APIs, so the model stem qualifies it. */
export function spOperationKey(op: CatalogOperation): string {
  return operationKey(spCatalog(), op);
}

export async function callOperation(
  client: SpApiClient,
  op: CatalogOperation,
  args: Record<string, unknown>,
  call: CallContext,
  extra?: SpCallExtra,
): Promise<SpResult> {
  const built = buildRequest(op.recipe, args);
  const { accept, 'content-type': _contentType, ...headers } = built.headers;
  // A form operation (Swagger formData) sends its fields as the form, never as JSON (base64 file parts only: SP has no
  // upload directory).
  const sent = await encodeRequestBody(op.recipe, built.body);
  return client.call(
    {
      operation: spOperationKey(op),
      method: built.method,
      path: built.pathAndQuery,
      ...sent,
      ...(accept ? { accept } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      // The success body documents an `errors` list (e.g. a validation result): a payload, not a failure.
      ...(op.recipe.errorsInSuccess ? { errorsInSuccess: true } : {}),
      ...(extra?.restrictedData ? { restrictedData: extra.restrictedData } : {}),
    },
    call,
  );
}

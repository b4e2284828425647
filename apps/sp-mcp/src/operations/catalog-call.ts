// Curated workflows call official operations by [model stem, operationId]: the catalog's recipe, the SP
// client and the operation's own limiter bucket (the same path a generated tool takes).
import type { CallContext } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import type { SpApiClient, SpResult } from '../http/sp-client.js';
import { callOperation } from './call-operation.js';
import { spCatalog } from './catalog.js';

/** [model file stem, operationId], e.g. ['financesV0', 'listFinancialEvents']. */
export type OperationRef = readonly [api: string, operationId: string];

let byRef: Map<string, CatalogOperation> | undefined;

/** The catalog entry of an operation; throws (a programming error) when the models lack it. */
export function catalogOperation([api, operationId]: OperationRef): CatalogOperation {
  byRef ??= new Map(spCatalog().operations.map((op) => [`${op.meta.api}:${op.meta.operationId}`, op]));
  const op = byRef.get(`${api}:${operationId}`);
  if (!op) throw new Error(`${api} ${operationId} is not in the SP-API catalog`);
  return op;
}

/** Sends `args` (the operation's own argument names) through the operation's recipe. */
export function callCatalogOperation(
  client: SpApiClient,
  ref: OperationRef,
  args: Record<string, unknown>,
  call: CallContext,
): Promise<SpResult> {
  return callOperation(client, catalogOperation(ref), args, call);
}

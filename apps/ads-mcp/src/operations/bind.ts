// ads-mcp's operation binder: curated tools name their operation once and call it through its recipe.
import { type OperationBinder, operationBinder } from '@obmcp/openapi-tools';
import type { AdsApiClient, AdsResponse } from '../http/client.js';
import { type AdsCallExtra, callOperation } from './call-operation.js';
import { adsCatalog } from './catalog.js';

export type Operations = OperationBinder<AdsResponse, AdsCallExtra>;

export function createOperations(client: AdsApiClient): Operations {
  return operationBinder<AdsResponse, AdsCallExtra>({
    catalog: adsCatalog,
    call: (op, args, call, extra) => callOperation(client, op, args, call, extra),
  });
}

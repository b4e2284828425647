// ads-mcp's operation binder: curated tools name their operation once and call it through its recipe.
import { type CallOperation, type OperationBinder, operationBinder } from '@obmcp/openapi-tools';
import type { AdsResponse } from '../http/client.js';
import type { AdsCallExtra } from './call-operation.js';
import { adsCatalog } from './catalog.js';

export type AdsOperations = OperationBinder<AdsResponse, AdsCallExtra>;

/** `call` is callOperation bound to the tool context (which holds this binder). */
export function adsOperations(call: CallOperation<AdsResponse, AdsCallExtra>): AdsOperations {
  return operationBinder<AdsResponse, AdsCallExtra>({ catalog: adsCatalog, call });
}

// sp-mcp's operation binder: curated tools name their operation once and call it through its recipe.
import { type OperationBinder, operationBinder } from '@obmcp/openapi-tools';
import type { SpApiClient, SpResult } from '../http/client.js';
import { callOperation, type SpCallExtra } from './call-operation.js';
import { spCatalog } from './catalog.js';
import { rateSentence } from './usage-plan.js';

export type Operations = OperationBinder<SpResult, SpCallExtra>;

export function createOperations(client: SpApiClient): Operations {
  return operationBinder<SpResult, SpCallExtra>({
    catalog: spCatalog,
    call: (op, args, call, extra) => callOperation(client, op, args, call, extra),
    describe: rateSentence,
  });
}

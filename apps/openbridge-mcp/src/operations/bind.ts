// The one binding from an Openbridge tool to its operations: the shared operationBinder over the hand-authored catalog.
import { type OperationBinder, operationBinder, type SendOperation } from '@obmcp/openapi-tools';
import { openbridgeCatalog } from '@obmcp/openbridge-upstream';
import type { OpenbridgeClient, OpenbridgeExtra } from '../http/client.js';

/** A tool's call of one declared operation: its own argument names (path, query, `body`), plus the tool's extras. */
export type Send = SendOperation<unknown, OpenbridgeExtra>;

export type Operations = OperationBinder<unknown, OpenbridgeExtra>;

/** Tools name operations as `[host, operationId]`, e.g. `['service', 'getJob']` (`_meta["io.obmcp/operation"]`). */
export function createOperations(client: OpenbridgeClient): Operations {
  return operationBinder<unknown, OpenbridgeExtra>({
    catalog: openbridgeCatalog,
    call: (op, args, call, extra) => client.callOperation(op, args, call, extra),
  });
}

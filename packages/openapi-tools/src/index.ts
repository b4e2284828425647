// @obmcp/openapi-tools runtime: catalog types, the request builder, the operation binder and toolset split (what the apps import).
// The generator (spec parsing, conversion) lives in `@obmcp/openapi-tools/generate` and is build-time only.
export {
  declaredOperations,
  type OperationBinder,
  type OperationRef,
  operationBinder,
  routeOf,
  type SendOperation,
} from './bind-operation.js';
export { buildRequest } from './build-request.js';
export { CURATED_TOOLSET, catalogToolSplit, type ExecuteOperation, type ToolSplit } from './catalog-tools.js';
export {
  type Catalog,
  type CatalogOperation,
  type JsonObjectValue,
  OPERATION_META_KEY,
  type OperationMeta,
  OPERATIONS_META_KEY,
} from './catalog-types.js';
export { encodeFormBody, encodeRequestBody } from './form-body.js';
export { operationKey } from './operation-key.js';
export { pickInput } from './pick-input.js';
export { readCatalog } from './read-catalog.js';

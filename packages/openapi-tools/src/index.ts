// @obmcp/openapi-tools runtime: catalog types, the request builder and toolset selection.
// The generator (spec parsing, conversion) lives in `@obmcp/openapi-tools/generate` and is build-time only.
export * from './catalog-types.js';
export { encodeSegment } from '@obmcp/http-kit/wire';
export { type BuiltRequest, buildRequest } from './build-request.js';
export { type EncodedForm, encodeFormBody, type FormFileOptions, MAX_FORM_FILE_BYTES } from './form-body.js';
export { allowedOperations, parseToolsets, toolsetsOf } from './select.js';
export {
  asToolResult,
  CURATED_TOOLSET,
  catalogToolSplit,
  type ExecuteOperation,
  operationTool,
  type ToolSplit,
  type ToolSplitOptions,
  withOperation,
} from './catalog-tools.js';
export {
  type CallOperation,
  declaredOperations,
  type OperationBinder,
  type OperationBinderOptions,
  type OperationRef,
  operationArgs,
  operationBinder,
  routeOf,
  type SendOperation,
} from './bind-operation.js';
export { CATALOG_FILE_SUFFIX, type CatalogApiFile, readCatalog } from './read-catalog.js';
export { operationKey } from './operation-key.js';

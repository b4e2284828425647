// @obmcp/openapi-tools/generate: build-time catalog generation from the vendored specs.
export {
  buildCatalog,
  type CatalogBuild,
  type CatalogOptions,
  type CatalogProblem,
  SpecDefectsError,
} from './build-catalog.js';
export { undeclaredRequired, type UndeclaredRequired } from './undeclared-required.js';
export { catalogIsCurrent, serializeCatalog, staleCatalogFiles, writeCatalog } from './catalog-file.js';
export { snakeCase, assignNames, versionLabel, MAX_TOOL_NAME } from './names.js';
export { shortDescription, firstSentence } from './describe.js';
export { toInputSchema } from './to-json-schema.js';
export { sample, validates } from './examples.js';
export { staleFiles, writeFolder } from './generated-folder.js';
export * from './tool-snapshots.js';

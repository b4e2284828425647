// @obmcp/openapi-tools/generate: build-time catalog generation from the vendored specs and the tool-snapshot helpers.
export { annotationOverrides } from './annotation-overrides.js';
export type { CatalogOptions } from './build-catalog.js';
export { validates } from './examples.js';
export {
  driftMessage,
  listPublishedTools,
  snapshotText,
  syncSnapshots,
  toolsetSnapshots,
} from './tool-snapshots.js';

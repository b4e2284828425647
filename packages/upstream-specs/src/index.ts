// Public surface of @obmcp/upstream-specs: the vendored spec files and their loaders.
export { type SpecFamily, type SpecFile, findSpecFile, listSpecFiles, specsRoot } from './spec-files.js';
export {
  type ApiDocument,
  type DereferenceOptions,
  dereferenceSpec,
  readPublishedSpec,
  readSpec,
} from './load-spec.js';
export { MISSING_IDENTITY_HEADER_ERRATA, pendingErrata, SPEC_ERRATA, type SpecErratum } from './errata.js';
export { parseUsagePlan, type UsagePlan } from './usage-plan.js';

// @obmcp/conformance: the v1 envelope conformance checks, shared by the CLI and the vitest suite.
export {
  runConformance,
  SECTIONS,
  type ConformanceOptions,
  type ConformanceRun,
  type Section,
} from './run-conformance.js';
export { ReportBuilder, type CheckResult, type CheckStatus, type ConformanceReport } from './report.js';
export { formatReport } from './format-report.js';
export { invokeTool, describeOutcome, type CallOutcome } from './invoke.js';
export { envelopeProblems, normalizedProblems, type EnvelopeRuleContext } from './envelope-rules.js';
export { generateCases, type GeneratedCases } from './cases/generate.js';
export { expectationProblems, metaOf } from './cases/evaluate.js';
export {
  CASE_KINDS,
  type BadInputCase,
  type CaseKind,
  type Expectation,
  type ExpectedEvent,
} from './cases/types.js';
export { UNKNOWN_KEY } from './cases/key-cases.js';
export { UNKNOWN_TOOL } from './checks/calls.check.js';
export { CONTRACT_TOOL } from './checks/contract-tool.check.js';
export {
  CRASH_CANARY,
  genericInternalSummary,
  isTestHook,
  TEST_HOOK_CHECK,
} from './checks/test-hook.check.js';
export { CALL_POLICIES, mayCall, type CallPolicy } from './checks/call-policy.js';
export type { Observation } from './observation.js';
export { mapLimit } from './map-limit.js';
export {
  advertisedKinds,
  envelopeCapability,
  listAllTools,
  switchesFrom,
  DEFAULT_SWITCHES,
  type ContractSwitches,
  type EnvelopeCapability,
} from './server-info.js';
export { normalizeVolatile, normalizeText, type VolatileOptions } from './fixtures/normalize-volatile.js';

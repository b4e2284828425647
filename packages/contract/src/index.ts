// @obmcp/contract: the v1 error envelope — shapes, machinery and MCP wiring shared by every server.
export { CONTRACT_VERSION, type ContractVersion } from './version.js';
export * from './taxonomy.js';
export { ENVELOPE_SCHEMA } from './envelope/schema.js';
export type {
  Envelope,
  EnvelopeDetail,
  EnvelopeMeta,
  NormalizationEvent,
  RateLimitMeta,
  WarningEntry,
} from './envelope/types.js';
export { buildEnvelope, LIMITS, type EnvelopeInput } from './envelope/build.js';
export { envelopeFromThrown, type ClassifyContext } from './envelope/classify.js';
export { validateEnvelope, isEnvelope } from './envelope/validate.js';
export { boundText, oneLine } from './envelope/text.js';
export { redactSecrets, rememberUrlCredentials } from './envelope/redact.js';
export { REDACTED_USERINFO, redactUrlCredentials } from './envelope/url-credentials.js';
export {
  RECLASSIFICATIONS,
  legacyKindFor,
  staleReclassifications,
  useReclassifications,
  type Reclassification,
} from './envelope/reclassifications.js';
export {
  ERROR_CODE_MAPPING,
  ERROR_CODE_MAPPING_TEXT,
  mappingFor,
  type ErrorCodeMapping,
  type MappingEntry,
} from './validation/mapping.js';
export { describeAjvErrors, type ValidationReport } from './validation/describe.js';
export { injectStrictUnknown } from './validation/strict-unknown.js';
export { sharedAjv } from './validation/ajv.js';
export { jsonType } from './validation/json-type.js';
export { normalizeArgs, type NormalizeOptions, type NormalizeResult } from './normalize/normalize.js';
export { suggest, lookupAlias, type Suggestion } from './hints/suggest.js';
export { editDistance, spellingDistance, foldKey } from './hints/distance.js';
export { HINT_CATEGORIES, type HintCategory, type CategorizedHint } from './hints/categories.js';
export type { HintTables } from './hints/tables.js';
export { parseRetryAfter } from './meta/retry-after.js';
export { parseWarningHeaders } from './meta/warning.js';
export { buildRateLimit, type RawRateLimit } from './meta/rate-limit.js';
export { readContractSettings, CONTRACT_ENV, type ContractSettings } from './config/env.js';
export {
  createEnvReader,
  envReaderOf,
  ConfigError,
  type Env,
  type EnvRead,
  type EnvReader,
  type EnvReaderOptions,
  type IntBounds,
} from './config/env-reader.js';
export {
  CONTRACT_ENV_DOCS,
  describeEnvironment,
  type EnvDocs,
  type EnvReadPass,
  type EnvRow,
} from './config/env-docs.js';
export { runCli, helpText, type CliSpec } from './cli/run-cli.js';
export {
  parseCliArgs,
  checkHttpFlagsApply,
  CliUsageError,
  CLI_FLAGS,
  type CliRequest,
  type HttpFlags,
} from './cli/cli-args.js';
export { NODE_FLOOR, meetsNodeFloor, nodeFloorRefusal, enforceNodeFloor } from './cli/node-floor.js';
export { readLogLevel, LOG_LEVEL_ENV, LOG_LEVELS } from './config/log-level.js';
export { runServer, type StartupIo } from './config/run-server.js';
export { passthroughParts, type PassthroughQueryValue } from './server/passthrough.js';
export * from './server/errors.js';
export * from './server/types.js';
export { defineTool, type FromSchema, type ToolSpec } from './server/define-tool.js';
export {
  createLogger,
  silentLogger,
  type Logger,
  type LogLevel,
  type LoggerOptions,
} from './server/logger.js';
export { createMetaCollector } from './server/meta-collector.js';
export {
  createContractServer,
  capabilityBlock,
  type ContractServer,
  type ContractServerOptions,
  type ServerContext,
  type ServerFactory,
} from './server/create-server.js';
export {
  isTerminalStatus,
  TERMINAL_STATUSES,
  UnknownCursorError,
  type ReplaceOutcome,
  type TaskPage,
  type TaskRecord,
  type TaskRecords,
} from './server/tasks/task-records.js';
export { MemoryTaskRecords } from './server/tasks/memory-task-records.js';
export { ScopedTaskStore } from './server/tasks/scoped-task-store.js';
export { TaskRunner, TaskCancelledError } from './server/tasks/task-runner.js';
export {
  readTaskSettings,
  TASK_ENV,
  TASK_ENV_DOCS,
  type TaskSettings,
} from './server/tasks/task-settings.js';
export {
  pollJob,
  backoff,
  type JobState,
  type PollJobOptions,
  type PollJobResult,
} from './server/tasks/poll-job.js';
export { MAX_WAIT_SECONDS, waitSecondsProperty } from './server/tasks/wait-seconds.js';
export { taskOwner } from './server/http/task-owner.js';
export { sleep } from './server/sleep.js';
export { PROVIDER_TOOL_LIMITS } from './server/listing-size.js';
export { createToolHost, type ContractHost } from './server/host.js';
export { defineViews } from './server/views/define-views.js';
export type { ViewDefinition, ViewSpec } from './server/views/view-types.js';
export {
  clientRendersViews,
  UI_EXTENSION_ID,
  VIEW_MIME_TYPE,
  VIEW_RESOURCE_META,
} from './server/views/ui-extension.js';
export { RESOURCE_NOT_FOUND } from './server/views/view-registry.js';
export { ENVELOPE_CONTRACT_TOOL } from './server/contract-tool.js';
export { TEST_CRASH_TOOL } from './server/test-hooks.js';
export {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  SET_SESSION,
} from './server/annotations.js';
export { serve, httpOptionsFrom, type ServeOptions, type ServerSource } from './server/serve.js';
export { isLoopbackHost, exposureRefusal } from './server/http/exposure.js';
export { callWithEnvelope, PlainToolError, type EnvelopeOutcome } from './client/call-with-envelope.js';
export { startHttpServer, type HttpServerHandle } from './server/http/http-server.js';
export {
  readHttpOptions,
  wantsHttp,
  HTTP_ENV,
  HTTP_DEFAULTS,
  HTTP_ENV_DOCS,
  type HttpOptions,
} from './server/http/http-options.js';
export { bearerChecker, type BearerVerdict } from './server/http/bearer-auth.js';
export { checkHostHeaders, defaultAllowedHosts, type HostPolicy } from './server/http/host-check.js';
export { derivePortableSchema, type PortableDerivation } from './schema/portable-schema.js';
export { impliedType } from './schema/implied-type.js';
export {
  checkPortableSchema,
  PORTABILITY_RULES,
  PORTABLE_KEYWORDS,
  PORTABLE_FORMATS,
  type PortabilityRule,
  type PortabilityViolation,
} from './schema/portable-rules.js';
export {
  assertPortableTools,
  publishTool,
  PortableSchemaError,
  EXAMPLES_META_KEY,
  type PublishedToolView,
} from './schema/published-tool.js';

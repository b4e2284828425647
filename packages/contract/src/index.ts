// @obmcp/contract: the dependency-free core — envelope shape and guards, taxonomy, error classes, mapping, hints, _meta parsers and the tool-definition vocabulary.
export { isEnvelope } from './envelope/is-envelope.js';
export {
  type Reclassification,
  RECLASSIFICATIONS,
  staleReclassifications,
  useReclassifications,
} from './envelope/reclassifications.js';
export { redactSecrets, rememberUrlCredentials } from './envelope/redact.js';
export { ENVELOPE_SCHEMA } from './envelope/schema.js';
export { boundText } from './envelope/text.js';
export type { Envelope, RateLimitMeta } from './envelope/types.js';
export { redactUrlCredentials } from './envelope/url-credentials.js';
export { editDistance, spellingDistance } from './hints/distance.js';
export { suggest } from './hints/suggest.js';
export type { HintTables } from './hints/tables.js';
export { buildRateLimit } from './meta/rate-limit.js';
export { parseRetryAfter } from './meta/retry-after.js';
export { parseWarningHeaders } from './meta/warning.js';
export { EXAMPLES_META_KEY } from './schema/examples-meta-key.js';
export {
  CHANGE_UPSTREAM,
  CREATE_UPSTREAM,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  SET_SESSION,
} from './tool/annotations.js';
export { requireDateOrder } from './tool/date-order.js';
export { defineTool, type FromSchema } from './tool/define-tool.js';
export {
  AuthError,
  ClientSideError,
  ContractError,
  type Detail,
  DomainValidationError,
  isOutageStatus,
  isTransientStatus,
  PartialWriteError,
  RateLimitedError,
  SandboxLimitationError,
  UpstreamHttpError,
  UpstreamTransportError,
} from './tool/errors.js';
export type { Logger, LogLevel } from './tool/logger.js';
export { passthroughParts } from './tool/passthrough.js';
export {
  type CallContext,
  type CallOutcome,
  type Json,
  type JsonObject,
  type JsonSchema,
  type MetaCollector,
  type ServerProfile,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolHost,
  type ToolInfo,
  upstreamErrorKinds,
} from './tool/types.js';
export {
  ERROR_KINDS,
  type HttpCodePrefix,
  NORMALIZATION_KINDS,
  type NormalizationKind,
  SCHEMA_CODES,
} from './taxonomy.js';
export { ERROR_CODE_MAPPING } from './validation/mapping.js';

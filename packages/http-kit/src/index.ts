// Public API of @obmcp/http-kit: the upstream HTTP primitives shared by all three servers.
export { createFetcher, type Fetcher, type FetcherOptions } from './fetcher.js';
export type { UpstreamRequest, UpstreamResponse } from './types.js';
export { REDIRECT_REFUSED_CODE } from './redirect-error.js';
export { isPrivateHost } from './private-address.js';
export { hostsOfUrls, RedirectHosts } from './redirect-scope.js';
export {
  type CsvRow,
  type CsvTable,
  CsvTableError,
  type CsvTableOptions,
  parseCsvTable,
} from './csv-table.js';
export { charsetOf, type DecodedText, decodeText, isJsonContentType } from './content-type.js';
export { gunzipBounded, decodeBody, type DecodeBodyOptions, type Compression } from './gzip.js';
export { withRetry, type RetryPolicy, type RetryDecision } from './retry.js';
export { defaultShouldRetry, RETRYABLE_HTTP_STATUSES } from './should-retry.js';
export { sleep } from './sleep.js';
export type { LimiterStore, LimitRule, TakeResult } from './limiter-store.js';
export { MemoryLimiterStore } from './memory-limiter-store.js';
export { ARRIVAL_MARGIN_MS, createLimiter, type Limiter, type LimiterOptions } from './limiter.js';
export { TokenCache, type TokenCacheOptions, type CachedToken } from './token-cache.js';
export {
  checkBuiltPath,
  checkHeaderValue,
  encodeSegment,
  fillPath,
  type PathValue,
  pathValueText,
} from './wire-values.js';
export { formBody, joinQuery, type QueryValue, type FormValue } from './query.js';
export {
  RedisLimiterStore,
  type RedisLimiterStoreOptions,
  type SharedLimiterStore,
} from './redis-limiter-store.js';
export { FallbackLimiterStore, type FallbackLimiterStoreOptions } from './fallback-limiter-store.js';
export {
  limiterStoreFromEnv,
  readLimiterSettings,
  LIMITER_ENV,
  LIMITER_ENV_DOCS,
  type LimiterSettings,
  type ManagedLimiterStore,
} from './limiter-store-from-env.js';
export { RedisTaskRecords, type RedisTaskRecordsOptions } from './tasks/redis-task-records.js';
export { taskRecordsFromEnv } from './tasks/task-records-from-env.js';
export {
  type CreateServerOptions,
  runServerCli,
  type ServerCliSpec,
  type StartConfig,
} from './server-cli.js';
export { createPipeline, type Pipeline } from './pipeline/pipeline.js';
export type {
  AuthPlugin,
  ErrorParser,
  ExchangeRequest,
  ExchangeResult,
  HeaderParser,
  HttpMethod,
  LimitSettings,
  ParsedError,
  RetrySettings,
  UpstreamDescription,
} from './pipeline/types.js';
export { noRateLimitHeaders, rateLimitHeaders, requestIdFrom } from './pipeline/header-parsers.js';
export { tokenAuth, type TokenAuth, type TokenAuthOptions } from './pipeline/token-auth.js';
export {
  limitRules,
  RATE_OVERRIDE_ENV,
  RATE_SCALE_ENV,
  rateOverrideFromEnv,
  rateScaleFromEnv,
} from './pipeline/rate-override.js';
export {
  OPENBRIDGE_BUCKET,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  OPENBRIDGE_RULE,
  isOpenbridgeJwtRejected,
  openbridgeLimits,
} from './upstreams/openbridge.js';
export {
  type CredentialUpstream,
  credentialFailure,
  isCredentialOutage,
  credentialPipeline,
  NO_AUTH,
  requestCredential,
} from './pipeline/credential-exchange.js';

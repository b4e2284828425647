// @obmcp/http-kit: the upstream pipeline an app describes (fetcher, credentials, limiter, header parsers, decoding) and the stores it runs on.
export { assertAnsweredUrl } from './answered-url.js';
export { decodeText, isJsonContentType } from './content-type.js';
export { type CsvRow, CsvTableError, parseCsvTable } from './csv-table.js';
export { createFetcher, type Fetcher } from './fetcher.js';
export { decodeBody } from './gzip.js';
export type { LimitRule } from './limiter-store.js';
export { createLimiter, type Limiter } from './limiter.js';
export {
  credentialFailure,
  credentialPipeline,
  isCredentialOutage,
  requestCredential,
} from './pipeline/credential-exchange.js';
export { noRateLimitHeaders, rateLimitHeaders } from './pipeline/header-parsers.js';
export { createPipeline, type Pipeline } from './pipeline/pipeline.js';
export { limitRules } from './pipeline/rate-override.js';
export { isPrivateHost } from './private-address.js';
export { tokenAuth, type TokenAuth } from './pipeline/token-auth.js';
export type {
  AuthPlugin,
  ExchangeRequest,
  HeaderParser,
  LimitSettings,
  ParsedError,
  RetrySettings,
  UpstreamDescription,
} from './pipeline/types.js';
export { formBody, type QueryValue } from './query.js';
export { hostsOfUrls, RedirectHosts } from './redirect-scope.js';
export type { CreateServerOptions, ObmcpApp } from './app.js';
export { runServerCli } from './server-cli.js';
export { serverLimiter } from './server-limiter.js';
export { TokenCache } from './token-cache.js';
export type { UpstreamResponse } from './types.js';
export { userAgent } from './user-agent.js';

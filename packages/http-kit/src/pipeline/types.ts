// The shapes of the upstream pipeline: one exchange request, its result, and the plug-ins an app describes its upstream with.
import type { Detail, HttpCodePrefix, Logger, MetaCollector, RateLimitMeta } from '@obmcp/contract';
import type { Fetcher } from '../fetcher.js';
import type { Limiter } from '../limiter.js';
import type { LimitRule } from '../limiter-store.js';
import type { QueryValue } from '../query.js';
import type { UpstreamResponse } from '../types.js';
import type { PathValue } from '../wire-values.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One upstream operation, as a tool handler (or a generated tool) asks for it. */
export interface ExchangeRequest<C = undefined> {
  /** Operation name (e.g. `ordersV0.getOrders`): what the limiter rule is looked up by, the bucket and log field. */
  operation: string;
  method: HttpMethod;
  /**
   * Path after the upstream's base URL, or an absolute URL. With `pathParams` it is a template whose
   * `{placeholders}` the pipeline fills (and checks: never empty, `.`, `..` or control characters).
   */
  path: string;
  /** Values of the path template's placeholders, with the argument each came from. */
  pathParams?: Readonly<Record<string, PathValue>>;
  query?: Record<string, QueryValue>;
  /** Extra request headers (vendor media types, AMC headers …); credentials come from the auth plug-in. */
  headers?: Record<string, string>;
  /** A string or bytes are sent as is, URLSearchParams (formBody) as a form, anything else as JSON. */
  body?: unknown;
  /** content-type of the body (default application/json). */
  contentType?: string;
  /** accept header (default application/json); false sends none (an operation that declares no response body). */
  accept?: string | false;
  /** Unknown top-level tool fields forwarded as query parameters (MCP_STRICT_UNKNOWN_FIELDS=false). */
  extraQuery?: Record<string, QueryValue>;
  /** Unknown top-level tool fields merged into a JSON object body (MCP_STRICT_UNKNOWN_FIELDS=false). */
  extraBody?: Record<string, unknown>;
  /** Safe to repeat after a 5xx or a timeout. Default: GET and HEAD. A 429 is always retried. */
  idempotent?: boolean;
  /** Credentials scope handed to the auth plug-in (identity, region …); false sends none (presigned URLs). */
  auth?: string | false;
  /** Whose budget the call spends (seller, profile, account); false skips the pre-flight limiter. */
  limitScope?: string | false;
  /** 'json' (default): the parsed JSON body (undefined when empty); 'bytes': the raw body. */
  responseType?: 'json' | 'bytes';
  maxBodyBytes?: number;
  timeoutMs?: number;
  /**
   * The operation's success body documents a top-level `errors` list (the catalog recipe's
   * `errorsInSuccess`, e.g. a validation result): a 2xx is returned as is, `failureOn2xx` is not asked.
   */
  errorsInSuccess?: boolean;
  /** The caller's cancellation (the tool call's signal). */
  signal?: AbortSignal;
  /** Where the exchange's telemetry goes (the tool call's `_meta` collector). */
  meta?: MetaCollector;
  /** App data for its error parser (tool name, resource …). */
  context?: C;
}

export interface ExchangeResult {
  status: number;
  headers: Headers;
  /** Parsed JSON (undefined for an empty body), or the bytes when responseType is 'bytes'. */
  body: unknown;
  bytes: Uint8Array;
}

/** Credential injection: headers per scope, refreshed early by a token cache; one re-auth per exchange. */
export interface AuthPlugin {
  /** Credential headers for `scope`; a fresh cached token may answer without a promise. */
  headers(scope: string, signal?: AbortSignal): Record<string, string> | Promise<Record<string, string>>;
  /** Drops the cached credentials of `scope` (after an expired-token answer). */
  invalidate(scope: string): void;
  /** This answer means the token expired or was revoked early: refresh and resend once. */
  isExpired(res: UpstreamResponse): boolean;
}

/** The upstream's own telemetry headers (Retry-After and Warning are standard: the pipeline reads those). */
export interface HeaderParser {
  /** `_meta.rate_limit` from this response (only what was sent; never invented). */
  rateLimit(headers: Headers): RateLimitMeta | undefined;
  /**
   * Upstream-advertised rate (requests/s) the limiter should learn, when sent. Default: a positive
   * `limit_per_second` of `rateLimit` (so the headers are read once).
   */
  limitPerSecond?(headers: Headers, rateLimit: RateLimitMeta | undefined): number | undefined;
  requestId(headers: Headers): string | undefined;
}

/** What an app reads out of a non-2xx answer; the pipeline builds the UpstreamHttpError around it. */
export interface ParsedError {
  summary?: string;
  details: Detail[];
  hints: string[];
  /** A request id carried in the body, when the headers had none. */
  requestId?: string;
}

export type ErrorParser<C> = (res: UpstreamResponse, req: ExchangeRequest<C>) => ParsedError;

export interface RetrySettings {
  /** Attempts including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Budget for all attempts and waits of one exchange. */
  maxTotalMs: number;
  /** The wait between attempts (default: a timer). Tests inject one to see the waits without taking them. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface LimitSettings {
  limiter: Limiter;
  /** The documented (or overridden) rule of an operation. */
  rule(operation: string): LimitRule;
  /** The bucket an operation spends from (default: its own); one name for a per-account or per-IP budget. */
  bucket?(operation: string): string;
  /** Let an upstream-advertised rate (HeaderParser.limitPerSecond) replace the rule's rate (default true). */
  learn?: boolean;
}

/** What an app says about its upstream; the pipeline does the rest. */
export interface UpstreamDescription<C = undefined> {
  /** Server id in limiter keys (`sp`, `ads`, `openbridge`): keys read `<name>:<operation>@<scope>`. */
  name: string;
  /** Service name in summaries ('SP-API'). */
  service: string;
  /**
   * `<PREFIX>_HTTP_<NNN>` of this upstream's HTTP failures, when it is not the server's own (ads-mcp's
   * Openbridge requests: `OPENBRIDGE`). Default: the server profile's prefix.
   */
  codePrefix?: HttpCodePrefix;
  fetcher: Fetcher;
  /** Base URL for a relative path (may depend on the session: region, sandbox). */
  baseUrl(): string;
  auth: AuthPlugin;
  headers: HeaderParser;
  errors: ErrorParser<C>;
  limits?: LimitSettings;
  retry: RetrySettings;
  /**
   * A 2xx whose body is a failure (SP-API's `{errors}` without payload) → the error to throw. Not
   * asked for a request marked `errorsInSuccess`.
   */
  failureOn2xx?(body: unknown, res: UpstreamResponse): Error | undefined;
  log?: Logger;
}

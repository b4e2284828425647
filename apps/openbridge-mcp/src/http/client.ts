// OpenbridgeClient: Bearer JWT, bounded retries (reads only), one re-auth on 401, headers → call.meta.
import { type Logger, type MetaCollector, UpstreamTransportError } from '@obmcp/contract';
import { defaultShouldRetry, type Fetcher, joinQuery, type QueryValue, withRetry } from '@obmcp/http-kit';
import type { JwtProvider } from '../auth/jwt-provider.js';
import { toHttpError } from './http-error.js';
import { recordResponseMeta } from './response-meta.js';

export interface CallScope {
  meta: MetaCollector;
  signal: AbortSignal;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, QueryValue>;
  /** JSON body (JSON:API resource documents are sent as application/vnd.api+json). */
  body?: unknown;
  /** Resource name for the not-found hint. */
  resource?: string;
  /** This exchange's own deadline (a statement timeout), instead of OPENBRIDGE_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface ClientOptions {
  fetcher: Fetcher;
  jwt: JwtProvider;
  maxRetries: number;
  secrets: readonly string[];
  log: Logger;
}

export class OpenbridgeClient {
  constructor(private readonly options: ClientOptions) {}

  /** Parsed JSON body of a 2xx response (undefined for 204). Throws contract errors otherwise. */
  async request(call: CallScope, req: RequestOptions): Promise<unknown> {
    const method = req.method ?? 'GET';
    const idempotent = method === 'GET';
    return withRetry((attempt) => this.once(call, req, method, attempt), {
      maxAttempts: idempotent ? this.options.maxRetries + 1 : 1,
      baseDelayMs: 300,
      maxDelayMs: 3_000,
      maxTotalMs: 10_000,
      shouldRetry: defaultShouldRetry,
      signal: call.signal,
    });
  }

  private async once(
    call: CallScope,
    req: RequestOptions,
    method: string,
    attempt: number,
  ): Promise<unknown> {
    const url = req.query ? joinQuery(req.url, req.query) : req.url;
    let res = await this.send(call, url, method, req.body, req.timeoutMs);
    if (res.status === 401) {
      // A revoked or expired JWT: exchange once more, then let a second 401 stand.
      this.options.jwt.invalidate();
      res = await this.send(call, url, method, req.body, req.timeoutMs);
    }
    recordResponseMeta(call.meta, res.headers);
    this.options.log.debug('openbridge response', {
      method,
      host: new URL(url).host,
      status: res.status,
      attempt,
    });
    if (!res.ok) throw toHttpError(res, { resource: req.resource, secrets: this.options.secrets });
    if (res.status === 204 || res.bytes.length === 0) return undefined;
    if (!res.isJson) {
      throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
        summary: `Openbridge API answered HTTP ${res.status} with a non-JSON body.`,
        details: [
          {
            path: '',
            issue: `expected JSON, got content-type ${res.headers.get('content-type') ?? 'missing'}`,
            received_type: 'upstream_response',
            upstream_host: new URL(url).host,
          },
        ],
      });
    }
    return res.json();
  }

  private async send(call: CallScope, url: string, method: string, body: unknown, timeoutMs?: number) {
    const jwt = await this.options.jwt.jwt();
    const headers: Record<string, string> = { authorization: `Bearer ${jwt}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/vnd.api+json';
    return this.options.fetcher.send({
      method,
      url,
      headers,
      signal: call.signal,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }
}

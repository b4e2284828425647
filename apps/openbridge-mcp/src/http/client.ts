// OpenbridgeClient: the tools' face of the shared pipeline (JSON:API bodies, each host's documented media types, one per-IP budget).
import { type CallContext, type MetaCollector, passthroughParts } from '@obmcp/contract';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { OpenbridgeErrorContext } from './upstream.js';

export interface CallScope {
  meta: MetaCollector;
  signal: AbortSignal;
  /** Unknown top-level tool fields to forward (MCP_STRICT_UNKNOWN_FIELDS=false). */
  passthrough?: CallContext['passthrough'];
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, QueryValue>;
  /** JSON body; its Content-Type is the host's documented one (see OpenbridgeClient). */
  body?: unknown;
  /** Resource name for the not-found hint. */
  resource?: string;
  /** Operation name for logs (default: method and host). */
  operation?: string;
  /** This exchange's own deadline (execute_query's statement timeout), instead of OPENBRIDGE_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** A 2xx answer read as bytes, for bodies that are not always JSON (the Query API's CSV). */
export interface RawAnswer {
  bytes: Uint8Array;
  contentType: string | null;
}

/**
 * Media types, as the docs show them: the Subscriptions API is a JSON:API server (subscriptions-api.md
 * sends `Content-Type: application/vnd.api+json`); the Service API proxy (history, jobs, rules, query …)
 * and the other hosts take `application/json` (service-api.md, service-ob-api.md, the embed-cli). Every
 * request accepts both JSON types, so a server that renders only one of them still answers.
 */
export const JSON_API = 'application/vnd.api+json';
const ACCEPT_JSON = 'application/json, application/vnd.api+json';

export class OpenbridgeClient {
  /** @param jsonApiBases base URLs of the hosts that take `application/vnd.api+json` request bodies. */
  constructor(
    private readonly pipeline: Pipeline<OpenbridgeErrorContext>,
    private readonly jsonApiBases: readonly string[],
  ) {}

  /** Parsed JSON body of a 2xx response (undefined for 204). Throws contract errors otherwise. */
  async request(call: CallScope, req: RequestOptions): Promise<unknown> {
    return (await this.exchange(call, req, ACCEPT_JSON, 'json')).body;
  }

  /** The 2xx body as bytes with its Content-Type, accepting `accept` as well as JSON. */
  async requestRaw(call: CallScope, req: RequestOptions, accept: string): Promise<RawAnswer> {
    const res = await this.exchange(call, req, `${ACCEPT_JSON}, ${accept}`, 'bytes');
    return { bytes: res.bytes, contentType: res.headers.get('content-type') };
  }

  private contentTypeFor(url: string): string {
    return this.jsonApiBases.some((base) => url.startsWith(`${base}/`)) ? JSON_API : 'application/json';
  }

  private exchange(call: CallScope, req: RequestOptions, accept: string, responseType: 'json' | 'bytes') {
    const method = req.method ?? 'GET';
    return this.pipeline.exchange({
      operation: req.operation ?? `${method} ${new URL(req.url).host}`,
      method,
      path: req.url,
      ...(req.query ? { query: req.query } : {}),
      body: req.body,
      contentType: this.contentTypeFor(req.url),
      accept,
      responseType,
      // MCP_STRICT_UNKNOWN_FIELDS=false: the call's unknown top-level fields join the query or body.
      ...passthroughParts(call.passthrough),
      ...(req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs }),
      signal: call.signal,
      meta: call.meta,
      context: req.resource === undefined ? {} : { resource: req.resource },
    });
  }
}

// OpenbridgeClient: the tools' face of the shared pipeline (JSON:API bodies, one per-IP budget).
import type { MetaCollector } from '@obmcp/contract';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { OpenbridgeErrorContext } from './upstream.js';

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
  /** Operation name for logs (default: method and host). */
  operation?: string;
  /** Unknown top-level tool fields to forward (MCP_STRICT_UNKNOWN_FIELDS=false). */
  extraQuery?: Record<string, QueryValue>;
  extraBody?: Record<string, unknown>;
}

export class OpenbridgeClient {
  constructor(private readonly pipeline: Pipeline<OpenbridgeErrorContext>) {}

  /** Parsed JSON body of a 2xx response (undefined for 204). Throws contract errors otherwise. */
  async request(call: CallScope, req: RequestOptions): Promise<unknown> {
    const method = req.method ?? 'GET';
    const res = await this.pipeline.exchange({
      operation: req.operation ?? `${method} ${new URL(req.url).host}`,
      method,
      path: req.url,
      ...(req.query ? { query: req.query } : {}),
      body: req.body,
      contentType: 'application/vnd.api+json',
      ...(req.extraQuery ? { extraQuery: req.extraQuery } : {}),
      ...(req.extraBody ? { extraBody: req.extraBody } : {}),
      signal: call.signal,
      meta: call.meta,
      context: req.resource === undefined ? {} : { resource: req.resource },
    });
    return res.body;
  }
}

// OpenbridgeClient: the tools' face of the shared pipeline (JSON:API bodies, one per-IP budget). Tools name
// an operation of the one table (operations.ts); the client builds its URL and sends it.
import { type CallContext, type MetaCollector, passthroughParts } from '@obmcp/contract';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { Config } from '../config.js';
import { OPENBRIDGE_OPERATIONS, type OperationName, operationUrl } from './operations.js';
import type { OpenbridgeErrorContext } from './upstream.js';

export interface CallScope {
  meta: MetaCollector;
  signal: AbortSignal;
  /** Unknown top-level tool fields to forward (MCP_STRICT_UNKNOWN_FIELDS=false). */
  passthrough?: CallContext['passthrough'];
}

export interface OpenbridgeRequest {
  /** The operation (operations.ts): host, method and path template; also the log's operation name. */
  operation: OperationName;
  /** Values of the path template's placeholders. */
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, QueryValue>;
  /** JSON body (JSON:API resource documents are sent as application/vnd.api+json). */
  body?: unknown;
  /** Resource name for the not-found hint. */
  resource?: string;
  /** This exchange's own deadline (execute_query's statement timeout), instead of OPENBRIDGE_TIMEOUT_MS. */
  timeoutMs?: number;
}

export class OpenbridgeClient {
  constructor(
    private readonly pipeline: Pipeline<OpenbridgeErrorContext>,
    private readonly urls: Config['urls'],
  ) {}

  /** Parsed JSON body of a 2xx response (undefined for 204). Throws contract errors otherwise. */
  async call(req: OpenbridgeRequest, call: CallScope): Promise<unknown> {
    const res = await this.pipeline.exchange({
      operation: req.operation,
      method: OPENBRIDGE_OPERATIONS[req.operation].method,
      path: operationUrl(this.urls, req.operation, req.params),
      ...(req.query ? { query: req.query } : {}),
      body: req.body,
      contentType: 'application/vnd.api+json',
      // MCP_STRICT_UNKNOWN_FIELDS=false: the call's unknown top-level fields join the query or body.
      ...passthroughParts(call.passthrough),
      ...(req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs }),
      signal: call.signal,
      meta: call.meta,
      context: req.resource === undefined ? {} : { resource: req.resource },
    });
    return res.body;
  }
}

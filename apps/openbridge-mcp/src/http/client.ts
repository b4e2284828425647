// OpenbridgeClient: the binder's call into the shared pipeline (JSON:API bodies, each host's documented media types,
// one per-IP budget). Tools declare operations of the one catalog (operations/bind.ts); the client builds the URL.
import { type CallContext, type MetaCollector, passthroughParts } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { Config } from '../config.js';
import {
  OPENBRIDGE_OPERATIONS,
  type OpenbridgeOperationName as OperationName,
  operationUrl,
} from '@obmcp/openbridge-upstream';
import type { OpenbridgeErrorContext } from './upstream.js';
import { CREATES, OutcomeUnknownError, outcomeUnknown } from './outcome-unknown.js';

export interface CallScope {
  meta: MetaCollector;
  signal: AbortSignal;
  /** Unknown top-level tool fields to forward (MCP_STRICT_UNKNOWN_FIELDS=false). */
  passthrough?: CallContext['passthrough'];
}

/** What a tool adds to an operation's own arguments (the binder's `extra`). */
export interface OpenbridgeExtra {
  /** Resource name for the not-found hint. */
  resource?: string;
  /** This exchange's own deadline (execute_query's statement timeout), instead of OPENBRIDGE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Also accept this media type and answer the raw bytes (RawAnswer), for bodies that are not always JSON. */
  accept?: string;
}

interface OpenbridgeRequest {
  /** The operation (operations.ts): host, method and path template; also the log's operation name. */
  operation: OperationName;
  /** Values of the path template's placeholders. */
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, QueryValue>;
  /** JSON body; its Content-Type is the host's documented one (see below). */
  body?: unknown;
  /** Resource name for the not-found hint. */
  resource?: string;
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
const JSON_API_HOSTS: ReadonlySet<keyof Config['urls']> = new Set(['subscriptions']);
const ACCEPT_JSON = 'application/json, application/vnd.api+json';

export class OpenbridgeClient {
  constructor(
    private readonly pipeline: Pipeline<OpenbridgeErrorContext>,
    private readonly urls: Config['urls'],
  ) {}

  /**
   * One catalog operation with its own arguments (path, query, `body`; the binder checked their names): the parsed
   * JSON body of a 2xx response (undefined for 204), or a RawAnswer when `extra.accept` is set. Throws contract
   * errors otherwise.
   */
  async callOperation(
    op: CatalogOperation,
    args: Readonly<Record<string, unknown>>,
    call: CallScope,
    extra: OpenbridgeExtra = {},
  ): Promise<unknown> {
    const params: Record<string, string | number> = {};
    const query: Record<string, QueryValue> = {};
    let body: unknown;
    // An argument not given stays undefined: a query value undefined is skipped, a path value undefined is missing
    // (operationUrl refuses it), and an operation has one body parameter at most.
    for (const p of op.recipe.params) {
      const value = args[p.arg];
      if (p.in === 'path') params[p.arg] = value as string | number;
      else if (p.in === 'query') query[p.arg] = value as QueryValue;
      else body = value;
    }
    const req: OpenbridgeRequest = {
      operation: op.meta.operationId as OperationName,
      params,
      query,
      body,
      // Undefined is absent to the pipeline (its fetcher's own timeout, no resource in the error hints).
      resource: extra.resource,
      timeoutMs: extra.timeoutMs,
    };
    if (extra.accept === undefined) return (await this.exchange(req, call, ACCEPT_JSON)).body;
    const res = await this.exchange(req, call, `${ACCEPT_JSON}, ${extra.accept}`, 'bytes');
    return { bytes: res.bytes, contentType: res.headers.get('content-type') } satisfies RawAnswer;
  }

  /** A create whose outcome is unknown (no usable answer) is never retryable (outcome-unknown.ts). */
  private async exchange(
    req: OpenbridgeRequest,
    call: CallScope,
    accept: string,
    /** 'bytes' for a RawAnswer; undefined is the pipeline's default, the parsed JSON. */
    responseType?: 'bytes',
  ) {
    try {
      return await this.send(req, call, accept, responseType);
    } catch (error) {
      const operation = req.operation;
      if (Object.hasOwn(CREATES, operation) && outcomeUnknown(error))
        throw new OutcomeUnknownError(
          error,
          operation as keyof typeof CREATES,
          `${operation} (${OPENBRIDGE_OPERATIONS[operation].method})`,
        );
      throw error;
    }
  }

  private send(req: OpenbridgeRequest, call: CallScope, accept: string, responseType: 'bytes' | undefined) {
    const op = OPENBRIDGE_OPERATIONS[req.operation];
    return this.pipeline.exchange({
      operation: req.operation,
      method: op.method,
      path: operationUrl(this.urls, req.operation, req.params),
      ...(req.query ? { query: req.query } : {}),
      body: req.body,
      contentType: JSON_API_HOSTS.has(op.host) ? JSON_API : 'application/json',
      accept,
      responseType,
      // MCP_STRICT_UNKNOWN_FIELDS=false: the call's unknown top-level fields join the query or body.
      ...passthroughParts(call.passthrough),
      timeoutMs: req.timeoutMs,
      signal: call.signal,
      meta: call.meta,
      context: { resource: req.resource },
    });
  }
}

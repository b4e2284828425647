// SpApiClient: the tools' face of the shared pipeline — the active identity picks credentials and budget.
import type { CallContext } from '@obmcp/contract';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { Session } from '../identity/session.js';
import type { SpOperation } from './rate-table.js';

export interface SpRequest {
  operation: SpOperation;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with every dynamic segment already encodeURIComponent'ed. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Unknown top-level tool fields to forward (MCP_STRICT_UNKNOWN_FIELDS=false). */
  extraQuery?: Record<string, QueryValue>;
  extraBody?: Record<string, unknown>;
}

export interface SpResult {
  status: number;
  body: unknown;
}

export class SpApiClient {
  constructor(
    private readonly pipeline: Pipeline,
    private readonly session: Session,
  ) {}

  async call(req: SpRequest, call: CallContext): Promise<SpResult> {
    const identity = this.session.active().id;
    const res = await this.pipeline.exchange({
      ...req,
      auth: identity,
      limitScope: identity,
      signal: call.signal,
      meta: call.meta,
    });
    return { status: res.status, body: res.body ?? {} };
  }
}

// SpApiClient: the tools' face of the shared pipeline — the active identity picks credentials and budget.
import { type CallContext, passthroughParts } from '@obmcp/contract';
import type { Pipeline, QueryValue } from '@obmcp/http-kit';
import type { Session } from '../session/session.js';
import type { RestrictedData } from '../restricted/restricted-data.js';
import type { RoleName } from '../restricted/restricted-operations.js';

export interface SpRequest {
  /** Limiter bucket and usage plan: the catalog operation's `<api>.<operationId>`. */
  operation: string;
  /** Media type to ask for (default application/json). */
  accept?: string;
  /** Header parameters of the operation (credentials come from the auth plug-in and win). */
  headers?: Record<string, string>;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with every placeholder filled by http-kit's `fillPath` (one checked, encoded segment per value). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The body's media type when it is not JSON (a multipart form's, with its boundary). */
  contentType?: string;
  /** A conditional restricted operation (a restricted report type's document): request an RDT. */
  restrictedData?: { roles: readonly RoleName[] };
  /** The success body documents an `errors` list (recipe `errorsInSuccess`): never a failure on 2xx. */
  errorsInSuccess?: true;
}

export interface SpResult {
  status: number;
  body: unknown;
}

export class SpApiClient {
  constructor(
    private readonly pipeline: Pipeline,
    private readonly session: Session,
    private readonly restricted: RestrictedData,
  ) {}

  async call(req: SpRequest, call: CallContext): Promise<SpResult> {
    const identity = this.session.active().id;
    const { restrictedData: _restricted, ...exchange } = req;
    // Restricted operations (personal data) go out with a restricted-data token instead of the LWA token.
    const auth = await this.restricted.scopeFor(req, identity, call);
    const res = await this.pipeline.exchange({
      ...exchange,
      // MCP_STRICT_UNKNOWN_FIELDS=false: the call's unknown top-level fields join the query or body.
      ...passthroughParts(call.passthrough),
      auth,
      limitScope: identity,
      signal: call.signal,
      meta: call.meta,
    });
    return { status: res.status, body: res.body ?? {} };
  }
}

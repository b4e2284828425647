// Per call: does it reach a restricted operation, and with which credentials (RDT scope or the LWA identity)?
import type { CallContext } from '@obmcp/contract';
import type { TokenAuth } from '@obmcp/http-kit';
import { type Rdt, type RdtRequest, rdtScope } from '../auth/rdt-auth.js';
import type { RoleName } from './restricted-operations.js';
import { matchRestricted } from './restricted-resource.js';

export interface RestrictedCall {
  method: string;
  /** Path as sent (query allowed). */
  path: string;
  /** A conditional operation (getReportDocument) is restricted for this call: the roles that grant it. */
  restrictedData?: { roles: readonly RoleName[] };
}

export interface RestrictedDataOptions {
  rdt: TokenAuth<Rdt>;
  /** SP_API_RESTRICTED_DATA_TOKENS (default true). */
  enabled: boolean;
  /** The static sandbox answers canned data with the LWA token; no RDT is requested there. */
  sandbox(): boolean;
}

export class RestrictedData {
  constructor(private readonly options: RestrictedDataOptions) {}

  /**
   * The pipeline auth scope of `req` for `identity`: the identity itself, or an RDT scope whose token is
   * fetched (or taken from the cache) now, so refusals and withheld elements surface on this call.
   */
  async scopeFor(req: RestrictedCall, identity: string, call: CallContext): Promise<string> {
    const match = matchRestricted(req.method, req.path);
    if (!match || this.options.sandbox()) return identity;
    const { operation, resource } = match;
    if (operation.conditional && !req.restrictedData) return identity;
    if (!this.options.enabled) {
      call.meta.addWarning({
        kind: 'partial_results',
        summary: `${operation.operationId} returns personal data only with a restricted-data token; SP_API_RESTRICTED_DATA_TOKENS=false, so it is withheld from this result.`,
        details: [],
        hints: ['Unset SP_API_RESTRICTED_DATA_TOKENS (or set it to true) to request RDTs automatically.'],
      });
      return identity;
    }
    const request: RdtRequest = {
      identity,
      operationId: operation.operationId,
      resource,
      roles: req.restrictedData?.roles ?? operation.roles,
    };
    const scope = rdtScope(request);
    const rdt = await this.options.rdt.token(scope, call.signal);
    if (rdt.withheld.length > 0) {
      call.meta.addWarning({
        kind: 'partial_results',
        summary: `Personal data withheld: the Tokens API granted no access to ${rdt.withheld.join(', ')} for ${operation.operationId}.`,
        details: [],
        hints: [`Reading ${rdt.withheld.join(', ')} needs one of the roles ${operation.roles.join(', ')}.`],
      });
    }
    return scope;
  }
}

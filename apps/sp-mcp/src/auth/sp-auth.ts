// The pipeline's SP-API auth plug-in: RDT scopes go to the restricted-data token cache, all others to LWA.
import type { AuthPlugin } from '@obmcp/http-kit';
import { RDT_SCOPE_PREFIX } from './rdt-auth.js';

export function routeSpAuth(lwa: AuthPlugin, rdt: AuthPlugin): AuthPlugin {
  const pick = (scope: string): AuthPlugin => (scope.startsWith(RDT_SCOPE_PREFIX) ? rdt : lwa);
  return {
    headers: (scope, signal) => pick(scope).headers(scope, signal),
    invalidate: (scope) => pick(scope).invalidate(scope),
    // Both tokens expire with the same 403 ("The access token you provided has expired").
    isExpired: (res) => lwa.isExpired(res),
  };
}

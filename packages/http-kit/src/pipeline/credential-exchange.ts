// Credential exchanges (LWA refresh grant, Openbridge refresh token → JWT) through the same pipeline, with no auth of their own.
import { AuthError, type ContractError, isOutageStatus, UpstreamHttpError } from '@obmcp/contract';
import { createPipeline, type Pipeline } from './pipeline.js';
import type { AuthPlugin, ExchangeRequest, ExchangeResult, UpstreamDescription } from './types.js';

/** The auth of the auth call: no credential headers, never an expired-token resend (so it cannot recurse). */
export const NO_AUTH: AuthPlugin = {
  headers: () => ({}),
  invalidate: () => undefined,
  isExpired: () => false,
};

/**
 * A token endpoint described like any upstream. It has no auth of its own (`NO_AUTH`), unless its token is
 * issued for another credential (Openbridge brokers an Amazon token for a JWT): then `auth` is that
 * credential's plug-in, so an expired one is refreshed once and the request resent once, as for an API call.
 * That plug-in must not obtain its own credential through this pipeline.
 */
export type CredentialUpstream<C = undefined> = Omit<UpstreamDescription<C>, 'auth'> & { auth?: AuthPlugin };

/**
 * The pipeline of a token endpoint: the same timeout and cancellation, decoding, error parsing, bounded
 * retry honouring Retry-After, and (when `limits` is given) the same pre-flight budget as API calls.
 */
export function credentialPipeline<C = undefined>(upstream: CredentialUpstream<C>): Pipeline<C> {
  return createPipeline({ ...upstream, auth: upstream.auth ?? NO_AUTH });
}

/**
 * One token request, treated as safe to repeat (a grant changes nothing upstream), so a 5xx, 429 or
 * timeout is retried within the pipeline's retry settings. It carries the pipeline's credentials under the
 * default scope: none for `NO_AUTH`, the issuing credential otherwise.
 */
export function requestCredential<C>(
  pipeline: Pipeline<C>,
  req: Omit<ExchangeRequest<C>, 'auth' | 'idempotent'>,
): Promise<ExchangeResult> {
  return pipeline.exchange({ ...req, idempotent: true });
}

/**
 * The token service is down or failing (5xx) or timed out answering (408): not a credentials problem
 * (the contract's outage rule, the one that makes any upstream HTTP failure retryable).
 * Apps' exchange-error parsers use it too, so their summaries and hints agree with `credentialFailure`.
 */
export function isCredentialOutage(status: number): boolean {
  return isOutageStatus(status);
}

/**
 * A credential exchange's last HTTP failure (after the pipeline's retries), as every server reports it:
 * - an outage (5xx, 408) stays the upstream HTTP failure it is: the server's http kind,
 *   `<PREFIX>_HTTP_<NNN>`, retryable, Retry-After kept, plus a detail with `credential_exchange: true`
 *   (the API itself was not called);
 * - a throttled exchange (429) is returned as is: `rate_limited` / `RATE_LIMITED`;
 * - any other status means the credential was rejected: `auth_error` / `AUTHENTICATION_ERROR`, not
 *   retryable, with what the app's error parser read plus `rejectedHints` (how to fix the credential).
 */
export function credentialFailure(
  error: UpstreamHttpError,
  rejectedHints: readonly string[] = [],
): ContractError {
  // An undefined field is an absent one (the errors' constructors copy each as given).
  const kept = {
    summary: error.summary,
    retryAfterSeconds: error.retryAfterSeconds,
    requestId: error.requestId,
  };
  if (error.status === 429) return error;
  if (isCredentialOutage(error.status)) {
    const service = error.service ?? 'The token service';
    return new UpstreamHttpError(error.status, {
      ...kept,
      prefix: error.prefix,
      service: error.service,
      details: [
        {
          path: '',
          issue: `${service} answered HTTP ${error.status} to the credential exchange; no access token was obtained, so the API was not called`,
          received_type: 'upstream_error',
          credential_exchange: true,
        },
        ...error.details,
      ],
      hints: error.hints,
    });
  }
  return new AuthError({
    ...kept,
    status: error.status,
    details: error.details,
    hints: [...error.hints, ...rejectedHints],
  });
}

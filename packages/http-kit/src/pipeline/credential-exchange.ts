// Credential exchanges (LWA refresh grant, Openbridge refresh token → JWT) through the same pipeline, with no auth of their own.
import { AuthError, type UpstreamHttpError } from '@obmcp/contract';
import { createPipeline, type Pipeline } from './pipeline.js';
import type { AuthPlugin, ExchangeRequest, ExchangeResult, UpstreamDescription } from './types.js';

/** The auth of the auth call: no credential headers, never an expired-token resend (so it cannot recurse). */
export const NO_AUTH: AuthPlugin = {
  headers: () => ({}),
  invalidate: () => undefined,
  isExpired: () => false,
};

/** A token endpoint described like any upstream, minus the auth plug-in. */
export type CredentialUpstream<C = undefined> = Omit<UpstreamDescription<C>, 'auth'>;

/**
 * The pipeline of a token endpoint: the same timeout and cancellation, decoding, error parsing, bounded
 * retry honouring Retry-After, and (when `limits` is given) the same pre-flight budget as API calls.
 */
export function credentialPipeline<C = undefined>(upstream: CredentialUpstream<C>): Pipeline<C> {
  return createPipeline({ ...upstream, auth: NO_AUTH });
}

/**
 * One token request: sent without credentials and treated as safe to repeat (a refresh grant changes
 * nothing upstream), so a 5xx, 429 or timeout is retried within the pipeline's retry settings.
 */
export function requestCredential<C>(
  pipeline: Pipeline<C>,
  req: Omit<ExchangeRequest<C>, 'auth' | 'idempotent'>,
): Promise<ExchangeResult> {
  return pipeline.exchange({ ...req, auth: false, idempotent: true });
}

/**
 * A credential exchange's last HTTP failure as an AuthError: what the app's error parser read, the status
 * (a rejected credential is not retryable, an outage is), Retry-After and request id kept.
 */
export function credentialFailure(error: UpstreamHttpError, extraHints: readonly string[] = []): AuthError {
  return new AuthError({
    status: error.status,
    ...(error.summary === undefined ? {} : { summary: error.summary }),
    details: error.details,
    hints: [...error.hints, ...extraHints],
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
  });
}

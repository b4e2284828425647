// LWA error bodies ({error, error_description}) → AuthError with re-authorization hints; never a secret.
import { AuthError, boundText, isTransientStatus } from '@obmcp/contract';
import type { ParsedError, UpstreamResponse } from '@obmcp/http-kit';

/** The hints for an LWA error code (inside a function: tests reach every branch). */
function hintsFor(code: string, transient: boolean): string[] {
  const serverSide = 'Login with Amazon failed server-side; retry after a short wait.';
  switch (code) {
    case 'invalid_grant':
      return [
        'The refresh token was rejected (revoked, expired authorization or wrong app): re-authorize the selling partner application and update SP_API_REFRESH_TOKEN or the identities file.',
        'Check that the refresh token belongs to the app identified by SP_API_CLIENT_ID.',
      ];
    case 'invalid_client':
      return [
        'Check SP_API_CLIENT_ID and SP_API_CLIENT_SECRET (LWA app credentials); the secret may have been rotated.',
      ];
    case 'temporarily_unavailable':
      return ['Login with Amazon is temporarily unavailable; retry after a short wait.'];
    case 'server_error':
      return [serverSide];
    case 'unauthorized_client':
      return ['The LWA app is not authorized for this grant; check the app registration in Seller Central.'];
    default:
      // An outage with an unknown code is still an outage: no "check your credentials" hint.
      return transient
        ? [serverSide]
        : ['Check the LWA credentials (SP_API_CLIENT_ID, SP_API_CLIENT_SECRET, SP_API_REFRESH_TOKEN).'];
  }
}

function field(body: unknown, key: string): string | undefined {
  if (body && typeof body === 'object' && key in body) {
    const v = (body as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : undefined;
  }
  return undefined;
}

/** What an LWA error body says: summary, the upstream code and description, hints for that code. */
export function lwaError(status: number, body: unknown): ParsedError {
  // Outage or throttling (the contract's rule): the statuses credentialFailure does not call rejected.
  const transient = isTransientStatus(status);
  const code = field(body, 'error') ?? (transient ? 'temporarily_unavailable' : 'unknown_error');
  const description = field(body, 'error_description');
  return {
    summary: `Login with Amazon token exchange failed with HTTP ${status} (${boundText(code, 40)}).`,
    details: [
      {
        path: '',
        issue: boundText(description ?? `LWA returned ${code}`, 300),
        received_type: 'upstream_error',
        upstream_code: boundText(code, 60),
        upstream_status: status,
      },
    ],
    hints: hintsFor(code, transient),
  };
}

/** The credential pipeline's error parser (an unreadable body reads as no body). */
export function parseLwaError(res: UpstreamResponse): ParsedError {
  let body: unknown;
  try {
    body = res.isJson ? res.json() : undefined;
  } catch {
    // unreadable: read as no body
  }
  return lwaError(res.status, body);
}

export function lwaAuthError(status: number, body: unknown): AuthError {
  return new AuthError({ status, ...lwaError(status, body) });
}

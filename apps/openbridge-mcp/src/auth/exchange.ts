// One refresh-token → JWT exchange at POST /auth/api/ref (JSON:API APIAuth body; 200 and 202 accepted).
import { AuthError, parseRetryAfter, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import type { Fetcher } from '@obmcp/http-kit';
import { detailsFromBody } from '../http/error-body.js';
import { requestIdOf } from '../http/headers.js';
import { readJwtClaims } from './jwt-claims.js';

export interface IssuedJwt {
  value: string;
  expiresAt: number;
  accountId: number | undefined;
  userId: number | undefined;
}

const SERVICE = 'Openbridge authentication';
const FALLBACK_TTL_MS = 3_600_000;

export async function exchangeRefreshToken(
  fetcher: Fetcher,
  authUrl: string,
  refreshToken: string,
): Promise<IssuedJwt> {
  const res = await fetcher.send({
    method: 'POST',
    url: `${authUrl}/auth/api/ref`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: refreshToken } } }),
  });
  const secrets = [refreshToken];
  if (res.status !== 200 && res.status !== 202) {
    const details = detailsFromBody(res.text(), res.headers.get('content-type'), secrets);
    const requestId = requestIdOf(res.headers);
    if (res.status === 429 || res.status >= 500) {
      const retryAfterSeconds = parseRetryAfter(res.headers.get('retry-after'));
      throw new UpstreamHttpError(res.status, {
        service: SERVICE,
        details,
        requestId,
        retryAfterSeconds,
        summary: `${SERVICE} failed with HTTP ${res.status} while exchanging the refresh token.`,
      });
    }
    throw new AuthError({
      status: res.status,
      summary: `${SERVICE} rejected the configured refresh token (HTTP ${res.status}).`,
      details,
      requestId,
      hints: [
        'OPENBRIDGE_REFRESH_TOKEN must be an active key:secret refresh token from Openbridge Account → API Management.',
      ],
    });
  }
  if (!res.isJson) {
    throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
      summary: `${SERVICE} answered HTTP ${res.status} with a non-JSON body.`,
      details: [
        {
          path: '',
          issue: `content-type ${res.headers.get('content-type') ?? 'missing'}`,
          received_type: 'upstream_response',
        },
      ],
    });
  }
  const body = res.json() as { data?: { attributes?: { token?: unknown } } } | null;
  const token = body?.data?.attributes?.token;
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
      summary: `${SERVICE} response carried no JWT at data.attributes.token.`,
      details: [
        { path: 'data/attributes/token', issue: 'missing or not a JWT', received_type: typeof token },
      ],
    });
  }
  const claims = readJwtClaims(token);
  return {
    value: token,
    expiresAt: claims.expiresAtMs ?? Date.now() + FALLBACK_TTL_MS,
    accountId: claims.accountId,
    userId: claims.userId,
  };
}

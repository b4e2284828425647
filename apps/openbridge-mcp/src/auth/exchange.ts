// The refresh-token → JWT exchange at POST /auth/api/ref (JSON:API APIAuth body), through a credential pipeline.
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import { isTransientStatus, type Logger, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import {
  credentialFailure,
  credentialPipeline,
  type Fetcher,
  type LimitSettings,
  type ParsedError,
  type Pipeline,
  requestCredential,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import { OPENBRIDGE_HEADERS, OPENBRIDGE_LIMIT_NAME } from '@obmcp/http-kit/openbridge';
import { detailsFromBody } from '../http/error-body.js';
import { readJwtClaims } from './jwt-claims.js';

export interface IssuedJwt {
  value: string;
  expiresAt: number;
  accountId: number | undefined;
  userId: number | undefined;
}

const SERVICE = 'Openbridge authentication';
const FALLBACK_TTL_MS = 3_600_000;
const REJECTED_HINT =
  'OPENBRIDGE_REFRESH_TOKEN must be an active key:secret refresh token from Openbridge Account → API Management.';

export interface JwtExchangeOptions {
  fetcher: Fetcher;
  /** Base URL of the authentication host (OPENBRIDGE_AUTH_BASE_URL). */
  authUrl: string;
  refreshToken: string;
  maxRetries: number;
  /** The per-IP budget every Openbridge request spends from (the exchange counts like any call). */
  limits?: LimitSettings;
  log?: Logger;
}

function parseExchangeError(res: UpstreamResponse, secrets: readonly string[]): ParsedError {
  return {
    // Not a rejected token when the service failed, timed out or throttled (the contract's rule).
    summary: isTransientStatus(res.status)
      ? `${SERVICE} failed with HTTP ${res.status} while exchanging the refresh token.`
      : `${SERVICE} rejected the configured refresh token (HTTP ${res.status}).`,
    details: detailsFromBody(res.text(), res.headers.get('content-type'), secrets),
    hints: [],
  };
}

/** The authentication host as an upstream: no auth of its own, Openbridge's error shapes and budget. */
export function jwtExchangePipeline(options: JwtExchangeOptions): Pipeline {
  // The configured key and (--hosted) the request's user's key are both kept out of error details.
  const secrets = (): string[] =>
    [options.refreshToken, currentHostedUser()?.secret ?? ''].filter((s) => s !== '');
  return credentialPipeline({
    name: OPENBRIDGE_LIMIT_NAME,
    service: SERVICE,
    fetcher: options.fetcher,
    baseUrl: () => options.authUrl,
    headers: OPENBRIDGE_HEADERS,
    errors: (res) => parseExchangeError(res, secrets()),
    ...(options.limits ? { limits: options.limits } : {}),
    retry: { maxAttempts: options.maxRetries + 1, baseDelayMs: 250, maxDelayMs: 2_000, maxTotalMs: 8_000 },
    ...(options.log ? { log: options.log } : {}),
  });
}

/** One exchange (200 and 202 both carry the JWT); a rejected token is an AuthError, an outage stays HTTP (credentialFailure). */
export async function exchangeRefreshToken(pipeline: Pipeline, refreshToken: string): Promise<IssuedJwt> {
  let body: unknown;
  try {
    ({ body } = await requestCredential(pipeline, {
      operation: 'refreshTokenExchange',
      method: 'POST',
      path: '/auth/api/ref',
      body: { data: { type: 'APIAuth', attributes: { refresh_token: refreshToken } } },
    }));
  } catch (error) {
    throw error instanceof UpstreamHttpError ? credentialFailure(error, [REJECTED_HINT]) : error;
  }
  const token = (body as { data?: { attributes?: { token?: unknown } } } | null | undefined)?.data?.attributes
    ?.token;
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

// The refresh-token → JWT exchange (POST /auth/api/ref, JSON:API APIAuth body): its pipeline, its request, its answer.
import { isTransientStatus, type Logger, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import {
  credentialFailure,
  credentialPipeline,
  type Fetcher,
  type LimitSettings,
  type ParsedError,
  type Pipeline,
  type RetrySettings,
  requestCredential,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import { OPENBRIDGE_HEADERS, OPENBRIDGE_LIMIT_NAME } from './budget.js';
import { detailsFromBody } from './error-body.js';
import type { OpenbridgeHosts } from './hosts.js';
import { readJwtClaims } from './jwt-claims.js';
import { OPENBRIDGE_OPERATIONS } from './operations.js';

export interface IssuedJwt {
  value: string;
  expiresAt: number;
  accountId: number | undefined;
  userId: number | undefined;
}

const SERVICE = 'Openbridge authentication';
const EXCHANGE = 'refreshTokenExchange';
const FALLBACK_TTL_MS = 3_600_000;

/** How to fix a refresh token Openbridge rejected: the one hint every server gives. */
export const REFRESH_TOKEN_HINTS: readonly string[] = [
  'OPENBRIDGE_REFRESH_TOKEN must be an active key:secret refresh token from Openbridge Account → API Management.',
];

export interface JwtExchangeOptions {
  fetcher: Fetcher;
  /** The authentication host is `hosts.auth`. */
  hosts: Readonly<Pick<OpenbridgeHosts, 'auth'>>;
  /** Values kept out of error details: the configured refresh token, a hosted user's key. */
  secrets: () => readonly string[];
  retry: RetrySettings;
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

/** The authentication host as an upstream: no auth of its own, Openbridge's error shapes, headers and budget. */
export function jwtExchangePipeline(options: JwtExchangeOptions): Pipeline {
  return credentialPipeline({
    name: OPENBRIDGE_LIMIT_NAME,
    service: SERVICE,
    // Failures read OPENBRIDGE_HTTP_<NNN> on every server (ads-mcp's own prefix is ADS_API).
    codePrefix: 'OPENBRIDGE',
    fetcher: options.fetcher,
    baseUrl: () => options.hosts.auth,
    headers: OPENBRIDGE_HEADERS,
    errors: (res) => parseExchangeError(res, options.secrets()),
    ...(options.limits ? { limits: options.limits } : {}),
    retry: options.retry,
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * One exchange (200 and 202 both carry the JWT): a rejected token is an AuthError with REFRESH_TOKEN_HINTS, an
 * outage stays HTTP (credentialFailure), an answer without a JWT is UPSTREAM_INVALID_RESPONSE.
 */
export async function exchangeRefreshToken(
  pipeline: Pipeline,
  refreshToken: string,
  signal?: AbortSignal,
): Promise<IssuedJwt> {
  const op = OPENBRIDGE_OPERATIONS[EXCHANGE];
  let body: unknown;
  try {
    ({ body } = await requestCredential(pipeline, {
      operation: EXCHANGE,
      method: op.method,
      // Under the pipeline's base URL, the authentication host.
      path: op.path,
      body: { data: { type: 'APIAuth', attributes: { refresh_token: refreshToken } } },
      ...(signal ? { signal } : {}),
    }));
  } catch (error) {
    throw error instanceof UpstreamHttpError ? credentialFailure(error, REFRESH_TOKEN_HINTS) : error;
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

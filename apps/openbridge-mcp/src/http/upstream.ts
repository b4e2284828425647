// What openbridge-mcp tells the shared pipeline about the Openbridge API: JWT auth, error shapes, one 1,000/5 min budget.
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import type { Logger } from '@obmcp/contract';
import type { Fetcher, Limiter, UpstreamDescription } from '@obmcp/http-kit';
import {
  isOpenbridgeJwtRejected,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  openbridgeLimits,
} from '@obmcp/openbridge-upstream';
import type { JwtProvider } from '../auth/jwt-provider.js';
import type { Config } from '../config.js';
import { parseOpenbridgeError } from './http-error.js';

/** Resource named in the not-found / forbidden hints. */
export interface OpenbridgeErrorContext {
  resource?: string;
}

export interface OpenbridgeUpstreamDeps {
  config: Config;
  jwt: JwtProvider;
  fetcher: Fetcher;
  limiter: Limiter;
  env: Record<string, string | undefined>;
  log?: Logger;
}

export function openbridgeUpstream(
  deps: OpenbridgeUpstreamDeps,
): UpstreamDescription<OpenbridgeErrorContext> {
  const { config, jwt } = deps;
  // The server's refresh token (empty in --hosted) and the calling user's key: redactSecrets skips a value too short
  // to be a key, so an empty one needs no filter.
  const secrets = (): string[] => {
    const user = currentHostedUser();
    return user === undefined ? [config.refreshToken] : [config.refreshToken, user.secret];
  };
  return {
    name: OPENBRIDGE_LIMIT_NAME,
    service: 'Openbridge API',
    fetcher: deps.fetcher,
    // Tools address several Openbridge hosts and pass absolute URLs.
    baseUrl: () => config.urls.service,
    auth: {
      headers: async () => ({ authorization: `Bearer ${await jwt.jwt()}` }),
      invalidate: () => jwt.invalidate(),
      // A revoked or expired JWT: exchange once more, then let a second 401 stand.
      isExpired: isOpenbridgeJwtRejected,
    },
    headers: OPENBRIDGE_HEADERS,
    errors: (res, req) => parseOpenbridgeError(res, { ...req.context, secrets: secrets() }),
    limits: openbridgeLimits(deps.limiter, deps.env),
    retry: {
      maxAttempts: config.maxRetries + 1,
      baseDelayMs: 300,
      maxDelayMs: 3_000,
      maxTotalMs: 10_000,
    },
    ...(deps.log ? { log: deps.log } : {}),
  };
}

// Openbridge refresh token → JWT (the one exchange of @obmcp/openbridge-upstream) as an http-kit token auth: cached, refreshed 5 minutes early, and once more after a 401.
import { type TokenAuth, tokenAuth } from '@obmcp/http-kit';
import { exchangeRefreshToken, isOpenbridgeJwtRejected } from '@obmcp/openbridge-upstream';
import type { Pipeline } from '@obmcp/http-kit';

/**
 * The Openbridge credentials of every request ads-mcp sends to Openbridge with a JWT (`Authorization: Bearer
 * <JWT>` and the refresh token's key as `x-api-key`): the identity listing and the brokered token. As their
 * pipelines' auth plug-in (one JWT, under the default scope), a 401 (expired or revoked JWT) makes the pipeline
 * drop the JWT, exchange once more and resend once, as openbridge-mcp does.
 */
export type JwtProvider = TokenAuth<string>;

/** `exchange` is the package's `jwtExchangePipeline` (Openbridge's budget, headers and error bodies). */
export function createJwtProvider(exchange: Pipeline, refreshToken: string): JwtProvider {
  return tokenAuth<string>({
    refreshEarlyMs: 5 * 60_000,
    toHeaders: (jwt) => ({ authorization: `Bearer ${jwt}`, 'x-api-key': refreshToken }),
    isExpired: isOpenbridgeJwtRejected,
    fetchToken: async (_scope, signal) => {
      const issued = await exchangeRefreshToken(exchange, refreshToken, signal);
      return { value: issued.value, expiresAt: issued.expiresAt };
    },
  });
}

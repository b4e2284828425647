// Openbridge refresh token → JWT (POST /auth/api/ref, 200 or 202) as an http-kit token auth: cached, refreshed 5 minutes early, and once more after a 401.
import { UpstreamTransportError } from '@obmcp/contract';
import { isOpenbridgeJwtRejected } from '@obmcp/http-kit/openbridge';
import { type TokenAuth, tokenAuth } from '@obmcp/http-kit';
import type { CredentialExchange } from './credential-exchange.js';
import { jwtExpiryMs } from './jwt-expiry.js';
import { OPENBRIDGE } from './openbridge-hosts.js';

export const OPENBRIDGE_AUTH_HINTS = [
  'Check OPENBRIDGE_REFRESH_TOKEN (format key:secret, created in Openbridge Account → API Management).',
  'Create a new refresh token in the Openbridge UI if this one was revoked.',
];

/**
 * The Openbridge credentials of every request ads-mcp sends to Openbridge with a JWT (`Authorization: Bearer
 * <JWT>` and the refresh token's key as `x-api-key`): the identity listing and the brokered token. As their
 * pipelines' auth plug-in (one JWT, under the default scope), a 401 (expired or revoked JWT) makes the pipeline
 * drop the JWT, exchange once more and resend once, as openbridge-mcp does.
 */
export type JwtProvider = TokenAuth<string>;

const AUTH = { service: 'Openbridge authentication', hints: OPENBRIDGE_AUTH_HINTS };

export function createJwtProvider(send: CredentialExchange, refreshToken: string): JwtProvider {
  return tokenAuth<string>({
    refreshEarlyMs: 5 * 60_000,
    toHeaders: (jwt) => ({ authorization: `Bearer ${jwt}`, 'x-api-key': refreshToken }),
    isExpired: isOpenbridgeJwtRejected,
    fetchToken: async (_scope, signal) => {
      const answer = await send(
        {
          operation: 'openbridgeJwt',
          method: 'POST',
          path: OPENBRIDGE.authUrl,
          body: { data: { type: 'APIAuth', attributes: { refresh_token: refreshToken } } },
          ...(signal ? { signal } : {}),
        },
        AUTH,
      );
      const body = (answer ?? {}) as { data?: { attributes?: { token?: unknown } } };
      const token = body.data?.attributes?.token;
      if (typeof token !== 'string' || token === '') {
        throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
          summary: 'Openbridge authentication answered without data.attributes.token.',
          details: [
            { path: 'data/attributes/token', issue: 'missing from response', received_type: typeof token },
          ],
        });
      }
      return { value: token, expiresAt: jwtExpiryMs(token) ?? Date.now() + 3600_000 };
    },
  });
}

// Openbridge refresh token → JWT (POST /auth/api/ref, 200 or 202), cached and refreshed 5 minutes early.
import { UpstreamTransportError } from '@obmcp/contract';
import { TokenCache } from '@obmcp/http-kit';
import type { CredentialExchange } from './credential-exchange.js';
import { jwtExpiryMs } from './jwt-expiry.js';
import { OPENBRIDGE } from './openbridge-hosts.js';

export const OPENBRIDGE_AUTH_HINTS = [
  'Check OPENBRIDGE_REFRESH_TOKEN (format key:secret, created in Openbridge Account → API Management).',
  'Create a new refresh token in the Openbridge UI if this one was revoked.',
];

export type JwtProvider = (signal?: AbortSignal) => Promise<string>;

const AUTH = { service: 'Openbridge authentication', hints: OPENBRIDGE_AUTH_HINTS };

export function createJwtProvider(send: CredentialExchange, refreshToken: string): JwtProvider {
  const cache = new TokenCache<string>({ refreshEarlyMs: 5 * 60_000 });
  return (signal) =>
    cache.get('jwt', async () => {
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
    });
}

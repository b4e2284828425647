// JWT provider: TokenCache-backed (fresh until 5 min before expires_at, concurrent refreshes share one exchange).
import { TokenCache } from '@obmcp/http-kit';
import {
  exchangeRefreshToken,
  type IssuedJwt,
  type JwtExchangeOptions,
  jwtExchangePipeline,
} from './exchange.js';

export const REFRESH_EARLY_MS = 5 * 60_000;

export interface JwtProvider {
  /** A valid JWT (cached or freshly exchanged). */
  jwt(): Promise<string>;
  /** account_id / user_id claims of the current JWT (healthchecks are per account). */
  principal(): Promise<{ accountId: number | undefined; userId: number | undefined }>;
  /** Drop the cached JWT after an upstream 401: the next jwt() exchanges again. */
  invalidate(): void;
}

export interface JwtProviderOptions extends JwtExchangeOptions {
  now?: () => number;
}

export function createJwtProvider(options: JwtProviderOptions): JwtProvider {
  const cache = new TokenCache<IssuedJwt>({ refreshEarlyMs: REFRESH_EARLY_MS, now: options.now });
  const pipeline = jwtExchangePipeline(options);
  const fetchJwt = async () => {
    const issued = await exchangeRefreshToken(pipeline, options.refreshToken);
    return { value: issued, expiresAt: issued.expiresAt };
  };
  const current = () => cache.get('jwt', fetchJwt);
  return {
    jwt: async () => (await current()).value,
    principal: async () => {
      const { accountId, userId } = await current();
      return { accountId, userId };
    },
    invalidate: () => cache.invalidate('jwt'),
  };
}

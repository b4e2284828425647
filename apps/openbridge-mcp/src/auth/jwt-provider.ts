// JWT provider: TokenCache-backed (fresh until 5 min before expires_at, concurrent refreshes share one exchange).
import { TokenCache } from '@obmcp/http-kit';
import { currentHostedUser } from '@obmcp/mcp-server/hosted';
import {
  exchangeRefreshToken,
  type IssuedJwt,
  type JwtExchangeOptions,
  jwtExchangePipeline,
} from '@obmcp/openbridge-upstream';

export const REFRESH_EARLY_MS = 5 * 60_000;

export interface JwtProvider {
  /** A valid JWT (cached or freshly exchanged). */
  jwt(): Promise<string>;
  /** account_id / user_id claims of the current JWT (healthchecks are per account). */
  principal(): Promise<{ accountId: number | undefined; userId: number | undefined }>;
  /** Drop the cached JWT after an upstream 401: the next jwt() exchanges again. */
  invalidate(): void;
}

export interface JwtProviderOptions extends Omit<JwtExchangeOptions, 'secrets' | 'retry'> {
  refreshToken: string;
  maxRetries: number;
  now?: () => number;
}

export function createJwtProvider(options: JwtProviderOptions): JwtProvider {
  const cache = new TokenCache<IssuedJwt>({ refreshEarlyMs: REFRESH_EARLY_MS, now: options.now });
  const pipeline = jwtExchangePipeline({
    ...options,
    // The configured key and (--hosted) the request's user's key are both kept out of error details.
    // (redactSecrets skips values too short to be a secret, such as a hosted deployment's empty key of its own.)
    secrets: () => {
      const user = currentHostedUser();
      return user === undefined ? [options.refreshToken] : [options.refreshToken, user.secret];
    },
    retry: { maxAttempts: options.maxRetries + 1, baseDelayMs: 250, maxDelayMs: 2_000, maxTotalMs: 8_000 },
  });
  const fetchJwt = async (refreshToken: string) => {
    const issued = await exchangeRefreshToken(pipeline, refreshToken);
    return { value: issued, expiresAt: issued.expiresAt };
  };
  // --hosted: the request's user's own API key, and a JWT cache entry of their own (a subject is never 'undefined').
  const key = (): string => String(currentHostedUser()?.subject);
  const current = () => cache.get(key(), () => fetchJwt(currentHostedUser()?.secret ?? options.refreshToken));
  return {
    jwt: async () => (await current()).value,
    principal: async () => {
      const { accountId, userId } = await current();
      return { accountId, userId };
    },
    invalidate: () => cache.invalidate(key()),
  };
}

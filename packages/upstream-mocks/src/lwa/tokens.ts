// Registry of access tokens the mock LWA issued, so API mocks can tell valid, unknown and expired apart.
import { mockSettings } from '../settings.js';

const issued = new Map<string, { serial: number; clientId: string; refreshToken: string }>();
let serial = 0;

export type AccessTokenState = 'valid' | 'expired' | 'unknown';

/** Issues a fresh access token (`Atza|mock-<serial>-<random>`). */
export function issueAccessToken(clientId: string, refreshToken: string): string {
  serial += 1;
  const token = `Atza|mock-${serial}-${Math.random().toString(36).slice(2, 12)}`;
  issued.set(token, { serial, clientId, refreshToken });
  return token;
}

/** Forgets every issued token and restarts the serial (a fresh process's state, for in-process tests). */
export function resetIssuedTokens(): void {
  issued.clear();
  serial = 0;
}

/** How many tokens have been issued in this process. */
export function issuedCount(): number {
  return serial;
}

/** The refresh token an access token was issued for (identifies the seller account). */
export function refreshTokenOf(token: string): string | undefined {
  return issued.get(token)?.refreshToken;
}

/**
 * `OBMCP_MOCK_EXPIRED_TOKENS=<n>` makes the first n issued tokens count as expired (simulates a
 * token that expired server-side while the client still believes it valid).
 */
export function accessTokenState(token: string | null | undefined): AccessTokenState {
  if (!token) return 'unknown';
  const entry = issued.get(token);
  if (!entry) return 'unknown';
  if (entry.serial <= mockSettings.expiredTokens()) return 'expired';
  return 'valid';
}

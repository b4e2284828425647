// Mock Openbridge JWTs: three base64url segments, claims {user_id, account_id, expires_at}, fake signature.
import { jwtTtlSeconds, MOCK_ACCOUNT_ID, MOCK_USER_ID } from './constants.js';

const SIGNATURE = 'bW9jay1vcGVuYnJpZGdlLXNpZ25hdHVyZS1ub3QtdmFsaWQ';

export interface MockJwtClaims {
  user_id: number;
  account_id: number;
  expires_at: number;
  iat: number;
  jti: string;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

let issued = 0;

/** How many JWTs this process issued (in-process tests of caching and dedupe). */
export function issuedJwtCount(): number {
  return issued;
}

export function issueJwt(now: number = Date.now()): { token: string; claims: MockJwtClaims } {
  issued += 1;
  const iat = Math.floor(now / 1000);
  const claims: MockJwtClaims = {
    user_id: MOCK_USER_ID,
    account_id: MOCK_ACCOUNT_ID,
    expires_at: iat + jwtTtlSeconds(),
    iat,
    jti: `mock-${issued}-${iat}`,
  };
  return { token: `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.${SIGNATURE}`, claims };
}

/** Claims of a JWT this mock issued and that has not expired; undefined otherwise. */
export function verifyJwt(token: string, now: number = Date.now()): MockJwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[2] !== SIGNATURE) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as MockJwtClaims;
    if (typeof claims.expires_at !== 'number' || claims.expires_at * 1000 <= now) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

/** Reads `Authorization: Bearer <jwt>` and verifies it. */
export function claimsOf(request: Request): MockJwtClaims | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ? verifyJwt(match[1]) : undefined;
}

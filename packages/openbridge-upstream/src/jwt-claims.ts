// Reads (never verifies) the claims of an Openbridge JWT: expires_at / exp, account_id, user_id.
export interface JwtClaims {
  expiresAtMs: number | undefined;
  accountId: number | undefined;
  userId: number | undefined;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  // Number.isFinite is false for anything that is not a number.
  return Number.isFinite(n) ? (n as number) : undefined;
}

export function readJwtClaims(token: string): JwtClaims {
  try {
    // A token without a payload segment decodes 'undefined' as base64url: bytes that are no JSON.
    const payload = Buffer.from(String(token.split('.')[1]), 'base64url').toString('utf8');
    const claims = JSON.parse(payload) as Record<string, unknown>;
    const seconds = num(claims.expires_at) ?? num(claims.exp);
    return {
      expiresAtMs: seconds === undefined ? undefined : seconds * 1000,
      accountId: num(claims.account_id),
      userId: num(claims.user_id),
    };
  } catch {
    return { expiresAtMs: undefined, accountId: undefined, userId: undefined };
  }
}

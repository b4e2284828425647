// Reads `expires_at` (or `exp`) from a JWT payload without verifying it; undefined when unreadable.
export function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const at = typeof claims.expires_at === 'number' ? claims.expires_at : claims.exp;
    return typeof at === 'number' && Number.isFinite(at) ? at * 1000 : undefined;
  } catch {
    return undefined;
  }
}

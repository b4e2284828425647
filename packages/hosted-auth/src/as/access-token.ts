// Access tokens: short-lived JWTs (RFC 9068 `at+jwt`) whose audience is this one server's MCP URL.
import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomToken } from './random.js';
import type { SigningKey } from './signing-key.js';

export interface AccessClaims {
  subject: string;
  clientId: string;
  scopes: string[];
  /** The grant (refresh-token family) the token belongs to: revoking it ends the token too. */
  grant: string;
}

export class AccessTokens {
  constructor(
    private readonly key: SigningKey,
    private readonly issuer: string,
    private readonly audience: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  async issue(claims: AccessClaims): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(this.now() / 1000);
    const token = await new SignJWT({
      client_id: claims.clientId,
      scope: claims.scopes.join(' '),
      sid: claims.grant,
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: this.key.kid })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(claims.subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(randomToken())
      .sign(this.key.privateKey);
    return { token, expiresIn: this.ttlSeconds };
  }

  /**
   * Verifies signature, issuer, audience (this server only), type and expiry, then asks `grantAlive` whether
   * the grant still stands. Any failure is `invalid_token` (401 with a challenge), saying which rule, never echoing the token.
   */
  async verify(token: string, grantAlive: (grant: string) => Promise<boolean>): Promise<AuthInfo> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key.publicKey, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ['ES256'],
        typ: 'at+jwt',
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'sub', 'sid'],
      }));
    } catch (error) {
      throw new OAuthError(OAuthErrorCode.InvalidToken, describe(error));
    }
    const grant = String(payload.sid);
    if (!(await grantAlive(grant)))
      throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token was revoked');
    return {
      token,
      clientId: String(payload.client_id ?? ''),
      scopes: typeof payload.scope === 'string' && payload.scope !== '' ? payload.scope.split(' ') : [],
      expiresAt: payload.exp,
      resource: new URL(this.audience),
      extra: { subject: String(payload.sub), grant },
    };
  }
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
    return 'The access token was issued for another resource';
  }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss') {
    return 'The access token was issued by another authorization server';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'The access token signature is not valid';
  return 'The access token is not valid';
}

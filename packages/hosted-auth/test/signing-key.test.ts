// The access-token signing key: a fresh ES256 pair, or one private P-256 JWK shared by every replica.
import { type CryptoKey, decodeProtectedHeader, exportJWK, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, newSigningJwk, signingKeyFromJwk } from '../src/as/signing-key.js';

async function signedBy(key: { kid: string; privateKey: CryptoKey }): Promise<string> {
  return new SignJWT({ sub: 'sp:A1' })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setIssuedAt()
    .sign(key.privateKey);
}

describe('signing keys', () => {
  it('a fresh key signs ES256 tokens its public half verifies; kid obmcp-1 unless named', async () => {
    const key = await generateSigningKey();
    expect(key.kid).toBe('obmcp-1');
    // A key made at start cannot be exported from this process.
    expect(key.privateKey.extractable).toBe(false);
    await expect(exportJWK(key.privateKey)).rejects.toThrow();
    expect((await generateSigningKey('k7')).kid).toBe('k7');
    const { payload } = await jwtVerify(await signedBy(key), key.publicKey, { algorithms: ['ES256'] });
    expect(payload.sub).toBe('sp:A1');
    // Another fresh key (another process) does not verify it.
    const other = await generateSigningKey();
    await expect(jwtVerify(await signedBy(key), other.publicKey)).rejects.toThrow();
  });

  it('two replicas given one JWK verify each other’s tokens; the public half carries no private part', async () => {
    const jwk = await newSigningJwk('replica-key');
    const parsed = JSON.parse(jwk) as Record<string, unknown>;
    expect(parsed).toMatchObject({ kty: 'EC', crv: 'P-256', kid: 'replica-key', alg: 'ES256' });
    expect(typeof parsed.d).toBe('string');
    expect(JSON.parse(await newSigningJwk()).kid).toBe('obmcp-1');
    const a = await signingKeyFromJwk(jwk);
    const b = await signingKeyFromJwk(jwk);
    expect(a.kid).toBe('replica-key');
    const token = await signedBy(a);
    expect(decodeProtectedHeader(token).kid).toBe('replica-key');
    expect((await jwtVerify(token, b.publicKey)).payload.sub).toBe('sp:A1');
    expect(b.publicKey.type).toBe('public');
    expect((await exportJWK(b.publicKey)).d).toBeUndefined();
    expect(b.privateKey.type).toBe('private');
  });

  it('a JWK without a kid is obmcp-1', async () => {
    const { kid: _kid, ...jwk } = JSON.parse(await newSigningJwk('x')) as Record<string, unknown>;
    expect((await signingKeyFromJwk(JSON.stringify(jwk))).kid).toBe('obmcp-1');
  });

  it.each([
    ['a public JWK', (jwk: Record<string, unknown>) => ({ ...jwk, d: undefined })],
    ['another curve', (jwk: Record<string, unknown>) => ({ ...jwk, crv: 'P-384' })],
    ['another key type', (jwk: Record<string, unknown>) => ({ ...jwk, kty: 'OKP' })],
    ['a non-string d', (jwk: Record<string, unknown>) => ({ ...jwk, d: 7 })],
  ])('refuses %s, naming the variable', async (_name, change) => {
    const jwk = change(JSON.parse(await newSigningJwk()) as Record<string, unknown>);
    await expect(signingKeyFromJwk(JSON.stringify(jwk))).rejects.toThrow(
      /^OBMCP_HOSTED_SIGNING_JWK must be a private EC P-256 JWK$/,
    );
  });
});

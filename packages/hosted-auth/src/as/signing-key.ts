// The key that signs access tokens (ES256 via jose): from OBMCP_HOSTED_SIGNING_JWK for replicas, else made at start.
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** A fresh key pair: one process only (a second replica could not verify its tokens). Its private half never leaves it. */
export async function generateSigningKey(kid = 'obmcp-1'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { kid, privateKey, publicKey };
}

/** The key from a private EC P-256 JWK (its `kid` names it); every replica given the same JWK verifies the others' tokens. */
export async function signingKeyFromJwk(text: string): Promise<SigningKey> {
  const jwk = JSON.parse(text) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') {
    throw new Error('OBMCP_HOSTED_SIGNING_JWK must be a private EC P-256 JWK');
  }
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey;
  const { d: _private, ...pub } = jwk;
  const publicKey = (await importJWK(pub, 'ES256')) as CryptoKey;
  return { kid: jwk.kid ?? 'obmcp-1', privateKey, publicKey };
}

/** A private JWK to put in OBMCP_HOSTED_SIGNING_JWK (what `obmcp hosted keygen`-style setup prints). */
export async function newSigningJwk(kid = 'obmcp-1'): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'ES256' });
}

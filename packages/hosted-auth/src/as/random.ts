// Unguessable identifiers and one-way digests for what the store keeps (codes, refresh tokens, client secrets).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256, base64url: the store keeps a digest, so a dump of it redeems nothing. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Constant-time comparison of two strings' digests. */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(digest(a)), Buffer.from(digest(b)));
}

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  // ASCII(code_verifier): a well-formed verifier is unreserved characters only, the same bytes in UTF-8.
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export function isWellFormedVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(verifier);
}

/** An S256 challenge is 43 base64url characters (a SHA-256). */
export function isWellFormedChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(challenge);
}

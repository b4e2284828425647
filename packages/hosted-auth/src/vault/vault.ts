// Each user's upstream credential (Amazon refresh token, Openbridge key), encrypted at rest with AES-256-GCM (JWE via jose).
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import type { KvStore } from '../store/kv-store.js';
import type { KeyRing } from './key-ring.js';

/** What a login leaves for the app: the account it reaches and the secret that reaches it. */
export interface UpstreamCredential {
  /** The upstream account: a selling partner id, an Amazon user id, an Openbridge account id. */
  account: string;
  /** What the consent screen and logs may show (never the secret). */
  label: string;
  /** The refresh token or API key. Never logged, never in an envelope. */
  secret: string;
  /** Ads: the advertising profiles the user picked. */
  profiles?: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Seals and opens values with the key ring (`dir` + `A256GCM`: AES-256-GCM with a fresh 96-bit IV per
 * value; the protected header carries the key id and what the value is bound to, and is authenticated).
 */
export class Sealer {
  constructor(private readonly keys: KeyRing) {}

  async seal(plaintext: string, boundTo: string): Promise<string> {
    const { kid, key } = this.keys.current;
    return new CompactEncrypt(encoder.encode(plaintext))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid, 'obmcp-bound': boundTo })
      .encrypt(key);
  }

  /** The plaintext, or undefined when the value was sealed for something else, with an unknown key, or tampered with. */
  open(sealed: string, boundTo: string): Promise<{ plaintext: string; stale: boolean } | undefined> {
    // A value that is not a JWE, or that fails its tag, opens as nothing.
    return this.opened(sealed, boundTo).catch(() => undefined);
  }

  private async opened(
    sealed: string,
    boundTo: string,
  ): Promise<{ plaintext: string; stale: boolean } | undefined> {
    const header = decodeProtectedHeader(sealed);
    if (header['obmcp-bound'] !== boundTo) return undefined;
    // Stryker disable next-line ConditionalExpression: a kid that is not a string names no key (equivalent), see README
    if (typeof header.kid !== 'string') return undefined;
    const key = this.keys.key(header.kid);
    // Stryker disable next-line ConditionalExpression: compactDecrypt refuses a missing key; open() answers undefined (equivalent), see README
    if (key === undefined) return undefined;
    const { plaintext } = await compactDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return { plaintext: decoder.decode(plaintext), stale: header.kid !== this.keys.current.kid };
  }
}

/** Credentials by subject (`<server>:<account>`); a value sealed for one subject does not open as another's. */
export class CredentialVault {
  private readonly sealer: Sealer;

  constructor(
    private readonly store: KvStore,
    keys: KeyRing,
  ) {
    this.sealer = new Sealer(keys);
  }

  get seal(): Sealer {
    return this.sealer;
  }

  /** Stores the credential; `ttlSeconds` (the lifetime of the subject's longest grant) makes it vanish with it. */
  async put(subject: string, credential: UpstreamCredential, ttlSeconds?: number | 'keep'): Promise<void> {
    await this.store.set(
      `cred:${subject}`,
      await this.sealer.seal(JSON.stringify(credential), `cred:${subject}`),
      ttlSeconds,
    );
  }

  /** A refresh token was issued: the credential lives `ttlSeconds` more. False when there is none. */
  renew(subject: string, ttlSeconds: number): Promise<boolean> {
    return this.store.expire(`cred:${subject}`, ttlSeconds);
  }

  /** The credential, re-sealed with the current key when it was sealed with an older one (rotation). */
  async get(subject: string): Promise<UpstreamCredential | undefined> {
    const sealed = await this.store.get(`cred:${subject}`);
    // Stryker disable next-line ConditionalExpression: open(undefined) throws inside its try and answers undefined (equivalent), see README
    if (sealed === undefined) return undefined;
    const opened = await this.sealer.open(sealed, `cred:${subject}`);
    if (opened === undefined) return undefined;
    const credential = JSON.parse(opened.plaintext) as UpstreamCredential;
    if (opened.stale) await this.put(subject, credential, 'keep');
    return credential;
  }

  async delete(subject: string): Promise<void> {
    await this.store.del(`cred:${subject}`);
  }
}

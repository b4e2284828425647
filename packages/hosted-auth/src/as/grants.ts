// Authorization codes (single use, 60 s) and grants: rotating refresh tokens whose reuse revokes the whole grant.
import type { KvStore } from '../store/kv-store.js';
import { digest, randomToken } from './random.js';

export interface CodeRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  subject: string;
}

export interface GrantRecord {
  subject: string;
  clientId: string;
  scopes: string[];
  resource: string;
}

export type RefreshOutcome =
  | { kind: 'rotated'; grant: string; record: GrantRecord; refreshToken: string }
  | { kind: 'unknown' }
  | { kind: 'reused'; grant: string };

export class Grants {
  constructor(
    private readonly store: KvStore,
    private readonly codeTtl: number,
    private readonly refreshTtl: number,
  ) {}

  async issueCode(record: CodeRecord): Promise<string> {
    const code = randomToken();
    await this.store.set(`code:${digest(code)}`, JSON.stringify(record), this.codeTtl);
    return code;
  }

  /**
   * Redeems a code once. A second presentation finds the `code-used` mark and revokes the grant the first one
   * started (RFC 6749 §4.1.2: a replayed code revokes the tokens issued from it).
   */
  async redeemCode(
    code: string,
  ): Promise<{ kind: 'ok'; record: CodeRecord } | { kind: 'unknown' | 'replayed' }> {
    const key = digest(code);
    const stored = await this.store.take(`code:${key}`);
    if (stored !== undefined) return { kind: 'ok', record: JSON.parse(stored) as CodeRecord };
    const grant = await this.store.get(`code-used:${key}`);
    if (grant === undefined) return { kind: 'unknown' };
    await this.revokeGrant(grant);
    return { kind: 'replayed' };
  }

  /** Starts a grant for a redeemed code: its first refresh token. */
  async startGrant(code: string, record: GrantRecord): Promise<{ grant: string; refreshToken: string }> {
    const grant = randomToken();
    await this.store.set(`grant:${grant}`, JSON.stringify(record), this.refreshTtl);
    await this.store.addMember(`subject-grants:${record.subject}`, grant);
    await this.store.set(`code-used:${digest(code)}`, grant, this.refreshTtl);
    return { grant, refreshToken: await this.newRefreshToken(grant) };
  }

  private async newRefreshToken(grant: string): Promise<string> {
    const token = randomToken();
    await this.store.set(`refresh:${digest(token)}`, grant, this.refreshTtl);
    return token;
  }

  /**
   * Rotates: the presented token is spent and a new one issued. A spent token presented again means it was
   * copied: the grant is revoked (every refresh and access token of it), for the thief and the user alike.
   */
  async rotate(refreshToken: string): Promise<RefreshOutcome> {
    const key = digest(refreshToken);
    const grant = await this.store.take(`refresh:${key}`);
    if (grant === undefined) {
      const spentFor = await this.store.get(`refresh-spent:${key}`);
      if (spentFor === undefined) return { kind: 'unknown' };
      await this.revokeGrant(spentFor);
      return { kind: 'reused', grant: spentFor };
    }
    await this.store.set(`refresh-spent:${key}`, grant, this.refreshTtl);
    const record = await this.grant(grant);
    if (record === undefined) return { kind: 'unknown' };
    await this.store.set(`grant:${grant}`, JSON.stringify(record), this.refreshTtl);
    return { kind: 'rotated', grant, record, refreshToken: await this.newRefreshToken(grant) };
  }

  async grant(grant: string): Promise<GrantRecord | undefined> {
    const stored = await this.store.get(`grant:${grant}`);
    return stored === undefined ? undefined : (JSON.parse(stored) as GrantRecord);
  }

  /** The grant a live refresh token belongs to, without spending it (revocation). */
  async grantOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    return this.store.get(`refresh:${digest(refreshToken)}`);
  }

  async revokeGrant(grant: string): Promise<void> {
    await this.store.del(`grant:${grant}`);
  }

  /** Every grant of a subject (all clients), then the set: logout. */
  async revokeSubject(subject: string): Promise<void> {
    for (const grant of await this.store.members(`subject-grants:${subject}`)) await this.revokeGrant(grant);
    await this.store.del(`subject-grants:${subject}`);
  }
}

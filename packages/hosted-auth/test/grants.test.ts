// Codes and grants: a code redeems once (a replay revokes its grant), refresh tokens rotate, a reused one revokes, lifetimes hold.
import { describe, expect, it } from 'vitest';
import { type CodeRecord, type GrantRecord, Grants } from '../src/as/grants.js';
import { MemoryStore } from '../src/store/memory-store.js';

const CODE: CodeRecord = {
  clientId: 'obmcp-c1',
  redirectUri: 'https://client.test/cb',
  codeChallenge: 'x'.repeat(43),
  scopes: ['mcp'],
  resource: 'https://sp.example.test/mcp',
  subject: 'sp:A1',
};
const GRANT: GrantRecord = {
  subject: 'sp:A1',
  clientId: 'obmcp-c1',
  scopes: ['mcp'],
  resource: CODE.resource,
};

function setup(codeTtl = 60, refreshTtl = 1000) {
  const clock = { now: 5_000_000 };
  const store = new MemoryStore(() => clock.now);
  return { clock, store, grants: new Grants(store, codeTtl, refreshTtl) };
}

/** Every value and key the store holds, as text (what a dump of it shows). */
async function dump(store: MemoryStore, keys: string[]): Promise<string> {
  return JSON.stringify(await Promise.all(keys.map(async (k) => [k, await store.get(k)])));
}

describe('authorization codes', () => {
  it('redeem once, for what they were issued; the store keeps only a digest of the code', async () => {
    const { grants, store } = setup();
    const code = await grants.issueCode(CODE);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.get(`code:${code}`)).toBeUndefined();
    expect(await grants.redeemCode(code)).toEqual({ kind: 'ok', record: CODE });
    expect(await grants.redeemCode(code)).toEqual({ kind: 'unknown' });
    expect(await grants.redeemCode('never-issued')).toEqual({ kind: 'unknown' });
  });

  it('live codeTtl seconds', async () => {
    const { grants, clock } = setup(60);
    const code = await grants.issueCode(CODE);
    clock.now += 59_999;
    const later = await grants.issueCode(CODE);
    expect((await grants.redeemCode(code)).kind).toBe('ok');
    clock.now += 60_000;
    expect((await grants.redeemCode(later)).kind).toBe('unknown');
  });

  it('a replayed code revokes the grant the first redemption started', async () => {
    const { grants } = setup();
    const code = await grants.issueCode(CODE);
    expect((await grants.redeemCode(code)).kind).toBe('ok');
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    expect(await grants.grant(grant)).toEqual(GRANT);
    expect(await grants.redeemCode(code)).toEqual({ kind: 'replayed' });
    expect(await grants.grant(grant)).toBeUndefined();
    expect(await grants.rotate(refreshToken)).toEqual({ kind: 'unknown' });
  });
});

describe('refresh tokens', () => {
  it('rotate: the old one is spent, the new one works, the grant lives refreshTtl from each rotation', async () => {
    const { grants, clock } = setup(60, 1000);
    const code = await grants.issueCode(CODE);
    await grants.redeemCode(code);
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await grants.grantOfRefreshToken(refreshToken)).toBe(grant);
    // Looking a token up (revocation) does not spend it.
    expect(await grants.grantOfRefreshToken(refreshToken)).toBe(grant);
    clock.now += 900_000;
    const rotated = await grants.rotate(refreshToken);
    if (rotated.kind !== 'rotated') throw new Error(`expected rotated, got ${rotated.kind}`);
    expect(rotated.grant).toBe(grant);
    expect(rotated.record).toEqual(GRANT);
    expect(rotated.refreshToken).not.toBe(refreshToken);
    expect(await grants.grantOfRefreshToken(refreshToken)).toBeUndefined();
    // 1 900 s after the start, 1 000 s after the rotation: the renewed grant and the new token still live.
    clock.now += 999_000;
    expect(await grants.grant(grant)).toEqual(GRANT);
    const again = await grants.rotate(rotated.refreshToken);
    expect(again.kind).toBe('rotated');
  });

  it('an unused refresh token and its grant end refreshTtl seconds after they were issued', async () => {
    const { grants, clock } = setup(60, 1000);
    const code = await grants.issueCode(CODE);
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    clock.now += 1_000_000;
    expect(await grants.grant(grant)).toBeUndefined();
    expect(await grants.rotate(refreshToken)).toEqual({ kind: 'unknown' });
  });

  it('a spent token presented again revokes the whole grant, the thief’s new token included', async () => {
    const { grants } = setup();
    const code = await grants.issueCode(CODE);
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    const first = await grants.rotate(refreshToken);
    if (first.kind !== 'rotated') throw new Error('expected rotated');
    expect(await grants.rotate(refreshToken)).toEqual({ kind: 'reused', grant });
    expect(await grants.grant(grant)).toBeUndefined();
    expect(await grants.rotate(first.refreshToken)).toEqual({ kind: 'unknown' });
    expect(await grants.rotate('never-issued')).toEqual({ kind: 'unknown' });
  });

  it('the spent mark outlives the token by refreshTtl, then a replay is merely unknown', async () => {
    const { grants, clock } = setup(60, 1000);
    const code = await grants.issueCode(CODE);
    const { refreshToken } = await grants.startGrant(code, GRANT);
    await grants.rotate(refreshToken);
    clock.now += 999_000;
    expect((await grants.rotate(refreshToken)).kind).toBe('reused');
  });

  it('a replayed code is recognised for refreshTtl seconds', async () => {
    const { grants, clock } = setup(60, 1000);
    const code = await grants.issueCode(CODE);
    await grants.redeemCode(code);
    await grants.startGrant(code, GRANT);
    clock.now += 999_000;
    expect(await grants.redeemCode(code)).toEqual({ kind: 'replayed' });
    const other = await grants.issueCode(CODE);
    await grants.redeemCode(other);
    await grants.startGrant(other, GRANT);
    clock.now += 1_000_000;
    expect(await grants.redeemCode(other)).toEqual({ kind: 'unknown' });
  });

  it('a rotation of a revoked grant issues nothing', async () => {
    const { grants } = setup();
    const code = await grants.issueCode(CODE);
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    await grants.revokeGrant(grant);
    expect(await grants.rotate(refreshToken)).toEqual({ kind: 'unknown' });
  });

  it('the store holds digests of codes and refresh tokens, never the tokens', async () => {
    const { grants, store } = setup();
    const code = await grants.issueCode(CODE);
    const { grant, refreshToken } = await grants.startGrant(code, GRANT);
    expect(await store.get(`refresh:${refreshToken}`)).toBeUndefined();
    expect(await store.get(`code-used:${code}`)).toBeUndefined();
    expect(await dump(store, [`grant:${grant}`])).not.toContain(refreshToken);
  });
});

describe('logout', () => {
  it('revokes every grant of the subject, at every client, and no other subject’s', async () => {
    const { grants, store } = setup();
    const start = async (record: GrantRecord) => grants.startGrant(await grants.issueCode(CODE), record);
    const a1 = await start(GRANT);
    const a2 = await start({ ...GRANT, clientId: 'obmcp-c2' });
    const b = await start({ ...GRANT, subject: 'sp:B2' });
    await grants.revokeSubject('sp:A1');
    expect(await grants.grant(a1.grant)).toBeUndefined();
    expect(await grants.grant(a2.grant)).toBeUndefined();
    expect(await grants.grant(b.grant)).toBeDefined();
    // Nothing of the logged-out subject's grants is left behind in the store.
    expect(await store.members('subject-grants:sp:A1')).toEqual([]);
    // A later grant of the same subject is not revoked by the earlier logout.
    const a3 = await start(GRANT);
    await grants.revokeSubject('sp:B2');
    expect(await grants.grant(a3.grant)).toBeDefined();
    expect(await grants.grant(b.grant)).toBeUndefined();
  });
});

// A user's upstream credential lives as long as their longest grant can still be refreshed, in memory and in Redis.
import { randomBytes } from 'node:crypto';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory-store.js';
import { RedisStore } from '../src/store/redis-store.js';
import { parseKeyRing } from '../src/vault/key-ring.js';
import { CredentialVault } from '../src/vault/vault.js';
import {
  browserLogin,
  exchange,
  form,
  type Harness,
  harness,
  login,
  pkce,
  registerPublicClient,
} from './support/harness.js';

const TTL = 3600;
const credential = { account: 'A1', label: 'Seller A1', secret: 'Atzr|SECRET-VALUE' };
const key = (): string => randomBytes(32).toString('base64');

function refresh(h: Harness, clientId: string, token: string): Promise<Response> {
  return h.call(
    '/oauth/token',
    form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: token }),
  );
}

describe('credential lifetime (memory store)', () => {
  it('a login whose grant lapses unused leaves no credential behind', async () => {
    const h = await harness({ refreshTokenTtlSeconds: TTL });
    await login(h, 'A1LAPSED');
    h.clock.now += (TTL - 1) * 1000;
    expect(await h.vault.get('sp:A1LAPSED')).toBeDefined();
    h.clock.now += 2000;
    expect(await h.vault.get('sp:A1LAPSED')).toBeUndefined();
  });

  it('each rotated refresh token renews it; it goes when the last one lapses', async () => {
    const h = await harness({ refreshTokenTtlSeconds: TTL });
    const first = await login(h, 'A1ROTATE');
    h.clock.now += (TTL - 100) * 1000;
    const rotated = await refresh(h, first.clientId, first.refresh_token);
    const second = (await rotated.json()) as { refresh_token: string };
    h.clock.now += (TTL - 100) * 1000;
    expect(await h.vault.get('sp:A1ROTATE')).toBeDefined();
    expect((await refresh(h, first.clientId, second.refresh_token)).status).toBe(200);
    h.clock.now += (TTL + 1) * 1000;
    expect(await h.vault.get('sp:A1ROTATE')).toBeUndefined();
  });

  it('the code exchange renews it: the credential outlives the login by the grant’s whole lifetime', async () => {
    const h = await harness({ refreshTokenTtlSeconds: TTL });
    const clientId = await registerPublicClient(h);
    const { verifier, challenge } = pkce();
    const back = await browserLogin(h, clientId, challenge, { account: 'A1CODE' });
    h.clock.now += 50_000;
    const tokens = await exchange(h, clientId, back.searchParams.get('code') ?? '', verifier);
    const { refresh_token } = (await tokens.json()) as { refresh_token: string };
    h.clock.now += (TTL - 20) * 1000;
    expect(await h.vault.get('sp:A1CODE')).toBeDefined();
    expect((await refresh(h, clientId, refresh_token)).status).toBe(200);
  });

  it('a second client’s later grant keeps it for that grant', async () => {
    const h = await harness({ refreshTokenTtlSeconds: TTL });
    await login(h, 'A1TWO');
    h.clock.now += 2000_000;
    const later = await login(h, 'A1TWO');
    h.clock.now += (TTL - 1000) * 1000;
    expect(await h.vault.get('sp:A1TWO')).toBeDefined();
    expect((await refresh(h, later.clientId, later.refresh_token)).status).toBe(200);
  });

  it('renewing a missing credential stores nothing; re-sealing with a new key keeps the lifetime', async () => {
    const clock = { now: Date.now() };
    const store = new MemoryStore(() => clock.now);
    const oldKey = key();
    expect(await new CredentialVault(store, parseKeyRing(`k1:${oldKey}`)).renew('sp:A1', TTL)).toBe(false);
    expect(await store.get('cred:sp:A1')).toBeUndefined();
    await new CredentialVault(store, parseKeyRing(`k1:${oldKey}`)).put('sp:A1', credential, 100);
    const rotated = new CredentialVault(store, parseKeyRing(`k2:${key()},k1:${oldKey}`));
    expect(await rotated.get('sp:A1')).toEqual(credential);
    expect(decodeProtectedHeader((await store.get('cred:sp:A1')) ?? '').kid).toBe('k2');
    clock.now += 101_000;
    expect(await rotated.get('sp:A1')).toBeUndefined();
  });
});

describe.skipIf(!HAS_REDIS)('credential lifetime (Redis)', () => {
  let redis: RedisProcess;
  let raw: Redis;
  const stores: RedisStore[] = [];
  const PREFIX = 'obmcp:sp:auth:';

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    raw?.disconnect();
    await redis?.kill();
  });

  const redisStore = (): RedisStore => {
    const store = new RedisStore(redis.url, PREFIX);
    stores.push(store);
    return store;
  };

  it('a login stores the credential with the refresh token’s lifetime; a refresh renews it', async () => {
    const store = redisStore();
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    const h = await harness({ store, vault, refreshTokenTtlSeconds: TTL });
    const tokens = await login(h, 'A1REDISTTL');
    const ttl = await raw.ttl(`${PREFIX}cred:sp:A1REDISTTL`);
    expect(ttl).toBeGreaterThan(TTL - 10);
    expect(ttl).toBeLessThanOrEqual(TTL);
    await raw.expire(`${PREFIX}cred:sp:A1REDISTTL`, 50);
    expect((await refresh(h, tokens.clientId, tokens.refresh_token)).status).toBe(200);
    expect(await raw.ttl(`${PREFIX}cred:sp:A1REDISTTL`)).toBeGreaterThan(TTL - 10);
  });

  it('renewing a missing credential stores nothing; re-sealing with a new key keeps the lifetime', async () => {
    const store = redisStore();
    const oldKey = key();
    expect(await new CredentialVault(store, parseKeyRing(`k1:${oldKey}`)).renew('sp:A2', TTL)).toBe(false);
    expect(await raw.exists(`${PREFIX}cred:sp:A2`)).toBe(0);
    await new CredentialVault(store, parseKeyRing(`k1:${oldKey}`)).put('sp:A2', credential, 100);
    const rotated = new CredentialVault(store, parseKeyRing(`k2:${key()},k1:${oldKey}`));
    expect(await rotated.get('sp:A2')).toEqual(credential);
    expect(decodeProtectedHeader((await raw.get(`${PREFIX}cred:sp:A2`)) ?? '').kid).toBe('k2');
    const ttl = await raw.ttl(`${PREFIX}cred:sp:A2`);
    expect(ttl).toBeGreaterThan(90);
    expect(ttl).toBeLessThanOrEqual(100);
  });
});

// Two replicas on one Redis: a login on one works on the other; codes and refresh tokens stay single-use across both.
import { randomBytes } from 'node:crypto';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../src/as/signing-key.js';
import { RedisStore } from '../src/store/redis-store.js';
import { parseKeyRing } from '../src/vault/key-ring.js';
import { CredentialVault } from '../src/vault/vault.js';
import {
  bearer,
  browserLogin,
  exchange,
  form,
  type Harness,
  harness,
  pkce,
  registerPublicClient,
  SECRET_CANARY,
} from './support/harness.js';

describe.skipIf(!HAS_REDIS)('two replicas sharing Redis', () => {
  let redis: RedisProcess;
  let a: Harness;
  let b: Harness;
  const stores: RedisStore[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const key = await generateSigningKey();
    const keys = `k1:${randomBytes(32).toString('base64')}`;
    const replica = async (): Promise<Harness> => {
      const store = new RedisStore(redis.url, 'obmcp:sp:auth:');
      stores.push(store);
      return harness({ store, vault: new CredentialVault(store, parseKeyRing(keys)), signingKey: key });
    };
    a = await replica();
    b = await replica();
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await redis?.kill();
  });

  it('a user logged in on replica A calls replica B; the code is spent for both', async () => {
    const clientId = await registerPublicClient(a);
    const { verifier, challenge } = pkce();
    const code =
      (await browserLogin(a, clientId, challenge, { account: 'A1REDIS' })).searchParams.get('code') ?? '';
    const tokens = (await (await exchange(b, clientId, code, verifier)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect((await b.call('/mcp', bearer(tokens.access_token))).status).toBe(200);
    expect((await exchange(a, clientId, code, verifier)).status).toBe(400);
    // …and that replay revoked the grant on both replicas.
    expect((await a.call('/mcp', bearer(tokens.access_token))).status).toBe(401);
  });

  it('a refresh token rotated on A and replayed on B revokes the grant everywhere', async () => {
    const clientId = await registerPublicClient(a);
    const { verifier, challenge } = pkce();
    const code =
      (await browserLogin(a, clientId, challenge, { account: 'B2REDIS' })).searchParams.get('code') ?? '';
    const first = (await (await exchange(a, clientId, code, verifier)).json()) as { refresh_token: string };
    const second = (await (
      await a.call(
        '/oauth/token',
        form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token }),
      )
    ).json()) as { access_token: string };
    expect(
      (
        await b.call(
          '/oauth/token',
          form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token }),
        )
      ).status,
    ).toBe(400);
    expect((await a.call('/mcp', bearer(second.access_token))).status).toBe(401);
  });

  it('keeps credentials encrypted in Redis and deletes them at logout from either replica', async () => {
    const clientId = await registerPublicClient(a);
    const { challenge } = pkce();
    await browserLogin(a, clientId, challenge, { account: 'C3REDIS' });
    const raw = new Redis(redis.url);
    try {
      const keys = await raw.keys('obmcp:sp:auth:*');
      for (const k of keys) {
        const type = await raw.type(k);
        const value =
          type === 'string'
            ? ((await raw.get(k)) ?? '')
            : type === 'hash'
              ? Object.values(await raw.hgetall(k)).join(',')
              : (await raw.smembers(k)).join(',');
        expect(value).not.toContain(SECRET_CANARY);
      }
      expect(await raw.exists('obmcp:sp:auth:cred:sp:C3REDIS')).toBe(1);
      await b.auth.logout('sp:C3REDIS');
      expect(await raw.exists('obmcp:sp:auth:cred:sp:C3REDIS')).toBe(0);
    } finally {
      await raw.quit();
    }
  });

  it('a user’s session choice saved through A is loaded through B, lives as long as a login, and goes at logout', async () => {
    const clientId = await registerPublicClient(a);
    const { challenge } = pkce();
    await browserLogin(a, clientId, challenge, { account: 'D4REDIS' });
    await a.auth.sessionChoices.save('sp:D4REDIS', 'region', 'eu');
    expect(await b.auth.sessionChoices.load('sp:D4REDIS')).toEqual({ region: 'eu' });
    expect(await b.auth.sessionChoices.load('sp:C3REDIS')).toEqual({});
    const raw = new Redis(redis.url);
    try {
      const ttl = await raw.ttl('obmcp:sp:auth:session:sp:D4REDIS');
      expect(ttl).toBeGreaterThan(29 * 24 * 3600);
      expect(ttl).toBeLessThanOrEqual(30 * 24 * 3600);
      await b.auth.logout('sp:D4REDIS');
      expect(await raw.exists('obmcp:sp:auth:session:sp:D4REDIS')).toBe(0);
      expect(await a.auth.sessionChoices.load('sp:D4REDIS')).toEqual({});
    } finally {
      await raw.quit();
    }
  });
});

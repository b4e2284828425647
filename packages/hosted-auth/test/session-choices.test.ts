// Each user's session choices (region, active profile …) in the auth store: one hash per subject, renewed while used, gone with the login.
import { describe, expect, it } from 'vitest';
import { hostedGate } from '../src/gate.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { form, harness, login } from './support/harness.js';

const DAY = 24 * 3600;

describe('session choices in the auth store', () => {
  it('are the gate’s: what one replica saves, another replica’s gate (same store) loads; users never meet', async () => {
    const h = await harness();
    const replicaA = hostedGate(h.auth);
    const replicaB = hostedGate((await harness({ store: h.store, vault: h.vault, signingKey: h.key })).auth);
    await replicaA.sessionChoices?.save('sp:A1', 'region', 'eu');
    expect(await replicaB.sessionChoices?.load('sp:A1')).toEqual({ region: 'eu' });
    expect(await replicaB.sessionChoices?.load('sp:B2')).toEqual({});
    await replicaB.sessionChoices?.save('sp:A1', 'region', undefined);
    expect(await replicaA.sessionChoices?.load('sp:A1')).toEqual({});
  });

  it('live as long as a refresh token, renewed by each use', async () => {
    const h = await harness({ refreshTokenTtlSeconds: 30 * DAY });
    await h.auth.sessionChoices.save('sp:A1', 'region', 'fe');
    h.clock.now += 29 * DAY * 1000;
    expect(await h.auth.sessionChoices.load('sp:A1')).toEqual({ region: 'fe' });
    h.clock.now += 29 * DAY * 1000;
    // Loaded a day before it would have lapsed: renewed for another 30 days.
    expect(await h.auth.sessionChoices.load('sp:A1')).toEqual({ region: 'fe' });
    h.clock.now += 31 * DAY * 1000;
    expect(await h.auth.sessionChoices.load('sp:A1')).toEqual({});
  });

  it('end with the user’s last grant (revocation) and at logout, with the credential', async () => {
    const h = await harness();
    const first = await login(h, 'A1SELLER');
    const second = await login(h, 'A1SELLER');
    await h.auth.sessionChoices.save('sp:A1SELLER', 'region', 'eu');
    await h.call('/oauth/revoke', form({ token: first.refresh_token, client_id: first.clientId }));
    // Another client of the same user still holds a grant: the choice stays.
    expect(await h.auth.sessionChoices.load('sp:A1SELLER')).toEqual({ region: 'eu' });
    await h.call('/oauth/revoke', form({ token: second.refresh_token, client_id: second.clientId }));
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
    expect(await h.auth.sessionChoices.load('sp:A1SELLER')).toEqual({});

    await login(h, 'B2SELLER');
    await h.auth.sessionChoices.save('sp:B2SELLER', 'region', 'fe');
    await h.auth.logout('sp:B2SELLER');
    expect(await h.auth.sessionChoices.load('sp:B2SELLER')).toEqual({});
  });
});

describe('MemoryStore hashes', () => {
  it('set and remove fields, expire, and go with del', async () => {
    const clock = { now: 0 };
    const store = new MemoryStore(() => clock.now);
    await store.setField('h', 'a', '1', 10);
    await store.setField('h', 'b', '2', 10);
    await store.setField('h', 'a', undefined, 10);
    expect(await store.fields('h')).toEqual({ b: '2' });
    clock.now = 10_000;
    expect(await store.fields('h')).toEqual({});
    await store.setField('h', 'c', '3');
    await store.del('h');
    expect(await store.fields('h')).toEqual({});
  });
});

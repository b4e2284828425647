// Unit (src): the session a call runs with: the configured region, profile and identity; under --hosted each user's
// own session on the first profile they allowed, only the profiles they allowed; the switches read from and written
// to the deployment's shared store (a stored value this server would not have made is ignored); caches per identity.
import { DomainValidationError } from '@obmcp/contract';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { runWithSessionChoices, SessionChoices } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { allowedProfiles, checkProfileAllowed } from '../../src/session/hosted-session.js';
import { createSession } from '../../src/session/session.js';

const user = (subject: string, profiles: string[]) => ({ subject, account: subject, secret: 's', profiles });
const alice = user('ads:alice', ['111', '222']);
const bob = user('ads:bob', ['333']);

describe('createSession', () => {
  it('starts from the configured region, profile (source env) and identity, with empty caches', () => {
    const s = createSession({
      region: 'eu',
      profileId: 42,
      openbridge: { refreshToken: 'r', identityId: 7 },
    });
    expect(s.region).toBe('eu');
    expect(s.profileId).toBe(42);
    expect(s.profileSource).toBe('env');
    expect(s.identityId).toBe(7);
    expect(s.identities).toBeUndefined();
    expect(s.profiles.size).toBe(0);
    expect(s.amcAccounts.size).toBe(0);
  });

  it('no configured profile: no profile and no source', () => {
    const s = createSession({ region: 'na' });
    expect(s.profileId).toBeUndefined();
    expect(s.profileSource).toBeUndefined();
    expect(s.identityId).toBeUndefined();
  });
});

describe('--hosted sessions', () => {
  it('each user starts on the first profile they allowed, in the configured region, without the server identity', () => {
    const s = createSession({ region: 'fe', profileId: 9, openbridge: { refreshToken: 'r', identityId: 7 } });
    runAsHostedUser(alice, () => {
      expect(s.profileId).toBe(111);
      expect(s.profileSource).toBe('env');
      expect(s.region).toBe('fe');
      expect(s.identityId).toBeUndefined();
    });
    runAsHostedUser(bob, () => expect(s.profileId).toBe(333));
    expect(s.profileId).toBe(9);
    expect(s.identityId).toBe(7);
  });

  it('a user who allowed no profile starts with none', () => {
    const s = createSession({ region: 'na', profileId: 9 });
    runAsHostedUser(user('ads:none', []), () => {
      expect(s.profileId).toBeUndefined();
      expect(s.profileSource).toBeUndefined();
    });
  });

  it("a user's switches and caches stay theirs: others and the server session do not see them", () => {
    const s = createSession({ region: 'na', profileId: 9 });
    runAsHostedUser(alice, () => {
      s.region = 'eu';
      s.profileId = 222;
      s.profiles.set('eu', [{ profileId: 222 }]);
    });
    runAsHostedUser(bob, () => {
      expect(s.region).toBe('na');
      expect(s.profiles.get('eu')).toBeUndefined();
    });
    expect(s.region).toBe('na');
    expect(s.profileId).toBe(9);
    runAsHostedUser(alice, () => {
      expect(s.region).toBe('eu');
      expect(s.profileId).toBe(222);
      expect(s.profiles.get('eu')).toEqual([{ profileId: 222 }]);
    });
  });

  it('allowedProfiles: the ids the user allowed, as numbers, anything else dropped; none outside --hosted', () => {
    expect(allowedProfiles()).toBeUndefined();
    expect(
      runAsHostedUser(user('ads:x', ['1', 'abc', '2.5', '99999999999999999999', '3']), allowedProfiles),
    ).toEqual([1, 3]);
  });

  it('checkProfileAllowed: any profile outside --hosted, an allowed one, and a refusal naming the allowed ones', () => {
    expect(() => checkProfileAllowed(5)).not.toThrow();
    expect(() => runAsHostedUser(alice, () => checkProfileAllowed(222))).not.toThrow();
    let error: unknown;
    try {
      runAsHostedUser(alice, () => checkProfileAllowed(333));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainValidationError);
    const e = error as DomainValidationError;
    expect(e.code).toBe('INPUT_VALIDATION_FAILED');
    expect(e.summary).toBe('Profile 333 is not one you allowed this client to use.');
    expect(e.details).toEqual([
      { path: 'profileId', issue: 'not one of the 2 profiles allowed at login', received_type: 'integer' },
    ]);
    expect(e.hints).toEqual(['Allowed profileId values: 111, 222.', 'Log in again to allow other profiles.']);
  });

  it('the refusal lists at most 10 allowed profiles', () => {
    const many = user(
      'ads:many',
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    let error: DomainValidationError | undefined;
    try {
      runAsHostedUser(many, () => checkProfileAllowed(99));
    } catch (e) {
      error = e as DomainValidationError;
    }
    expect(error?.hints[0]).toBe('Allowed profileId values: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.');
    expect(error?.details[0]?.issue).toBe('not one of the 12 profiles allowed at login');
  });
});

describe('caches per identity', () => {
  it('an identity switch drops the profiles and AMC accounts cached under the previous one', () => {
    const s = createSession({ region: 'na', openbridge: { refreshToken: 'r', identityId: 11 } });
    s.profiles.set('na', [{ profileId: 1 }]);
    s.amcAccounts.set('na', [{ accountId: 'amc-11' }]);
    expect(s.profiles.get('na')).toHaveLength(1);
    expect(s.amcAccounts.get('na')).toHaveLength(1);
    s.identityId = 11;
    expect(s.profiles.get('na')).toHaveLength(1);
    s.identityId = 22;
    expect(s.amcAccounts.get('na')).toBeUndefined();
    expect(s.profiles.get('na')).toBeUndefined();
    s.amcAccounts.set('na', [{ accountId: 'amc-22' }]);
    expect(s.amcAccounts.get('na')?.[0]?.accountId).toBe('amc-22');
  });

  it('the AMC accounts alone, read first after a switch, are dropped too', () => {
    const s = createSession({ region: 'na', openbridge: { refreshToken: 'r', identityId: 11 } });
    s.amcAccounts.set('na', [{ accountId: 'amc-11' }]);
    s.profiles.set('na', [{ profileId: 1 }]);
    s.identityId = 22;
    expect(s.amcAccounts.get('na')).toBeUndefined();
    expect(s.profiles.get('na')).toBeUndefined();
  });
});

describe('switches in the shared store (several replicas)', () => {
  /** One request with the store's choices; resolves once its writes reached the store. */
  async function requestWithStore<T>(shared: Map<string, string>, fn: () => T): Promise<T> {
    const choices = new SessionChoices(Object.fromEntries(shared), async (name, value) => {
      if (value === undefined) shared.delete(name);
      else shared.set(name, value);
    });
    const out = runWithSessionChoices(choices, fn);
    await choices.flush();
    return out;
  }

  it('a switch is written to the store as JSON, and read from it by the next request, not from this replica', async () => {
    const shared = new Map<string, string>();
    const s = createSession({ region: 'na', profileId: 9 });
    const seen = await requestWithStore(shared, () => {
      s.region = 'eu';
      s.profileId = 42;
      s.profileSource = 'set_active_profile';
      s.identityId = 5;
      return [s.region, s.profileId, s.profileSource, s.identityId];
    });
    expect(seen).toEqual(['eu', 42, 'set_active_profile', 5]);
    expect(Object.fromEntries(shared)).toEqual({
      region: '"eu"',
      profileId: '42',
      profileSource: '"set_active_profile"',
      identityId: '5',
    });
    // Another replica's write is what the next request sees.
    shared.set('region', '"fe"');
    expect(await requestWithStore(shared, () => s.region)).toBe('fe');
    // Without the store, the replica's own session never changed.
    expect([s.region, s.profileId, s.profileSource]).toEqual(['na', 9, 'env']);
  });

  it('a cleared switch is stored as null: no profile, no identity (a null region keeps the session region)', async () => {
    const shared = new Map<string, string>();
    const s = createSession({ region: 'na', profileId: 9, openbridge: { refreshToken: 'r', identityId: 3 } });
    await requestWithStore(shared, () => {
      s.profileId = undefined;
      s.identityId = undefined;
      s.profileSource = undefined;
    });
    expect(Object.fromEntries(shared)).toEqual({
      profileId: 'null',
      identityId: 'null',
      profileSource: 'null',
    });
    expect(await requestWithStore(shared, () => [s.profileId, s.identityId, s.profileSource])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    shared.set('region', 'null');
    expect(await requestWithStore(shared, () => s.region)).toBe('na');
  });

  it('a stored value this server would not have made is ignored: the session keeps its own', async () => {
    const s = createSession({ region: 'na', profileId: 9, openbridge: { refreshToken: 'r', identityId: 3 } });
    const cases: Array<[string, string, unknown]> = [
      ['region', '"mars"', 'na'],
      ['region', '7', 'na'],
      ['region', 'not json', 'na'],
      ['profileSource', '"somewhere"', 'env'],
      ['profileId', '"42"', 9],
      ['profileId', '4.5', 9],
      ['profileId', '{', 9],
      ['identityId', '"3"', 3],
      ['identityId', '1.5', 3],
    ];
    for (const [key, stored, expected] of cases) {
      const value = await requestWithStore(
        new Map([[key, stored]]),
        () => (s as unknown as Record<string, unknown>)[key],
      );
      expect(value, `${key}=${stored}`).toEqual(expected);
    }
    expect(await requestWithStore(new Map([['profileSource', '"env"']]), () => s.profileSource)).toBe('env');
    expect(await requestWithStore(new Map([['region', '"fe"']]), () => s.region)).toBe('fe');
    expect(await requestWithStore(new Map([['identityId', '8']]), () => s.identityId)).toBe(8);
  });

  it('a stored profile the hosted user no longer allows is not used', async () => {
    const s = createSession({ region: 'na' });
    const as = (stored: string, who?: typeof alice) =>
      requestWithStore(new Map([['profileId', stored]]), () =>
        who === undefined ? s.profileId : runAsHostedUser(who, () => s.profileId),
      );
    expect(await as('222', alice)).toBe(222);
    expect(await as('333', alice)).toBe(111);
    // Outside --hosted, every profile the token reaches.
    expect(await as('333')).toBe(333);
  });

  it('what is not a switch (caches, identities) stays in the replica', async () => {
    const shared = new Map<string, string>();
    const s = createSession({ region: 'na' });
    await requestWithStore(shared, () => {
      s.identities = [];
      s.profiles.set('na', []);
    });
    expect(shared.size).toBe(0);
    expect(s.identities).toEqual([]);
    expect(s.profiles.get('na')).toEqual([]);
  });
});

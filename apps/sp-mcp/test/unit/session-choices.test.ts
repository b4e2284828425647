// The session with a deployment's shared store of session choices (every replica answers with the switch a user
// made through any of them): the identity and region a request acts with, what a switch writes, what is ignored.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { runWithSessionChoices, SessionChoices } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createSession } from '../../src/session/session.js';

const CREDS = { SP_API_CLIENT_ID: 'client', SP_API_CLIENT_SECRET: 'secret' };
const dir = mkdtempSync(join(tmpdir(), 'sp-session-choices-'));
let n = 0;
function identitiesFile(identities: unknown[]): string {
  const path = join(dir, `identities-${n++}.json`);
  writeFileSync(path, JSON.stringify({ identities }));
  return path;
}
const TWO = [
  { id: 'us', refreshToken: 'Atzr|us', region: 'na', sellerId: 'A1US' },
  { id: 'jp', refreshToken: 'Atzr|jp', region: 'fe', sellerId: 'A1JP' },
];

/** A request's choices as loaded from the store, and every write the session made to it. */
function choices(loaded: Record<string, string> = {}) {
  const writes: Array<[string, string | undefined]> = [];
  const store = new SessionChoices(loaded, async (name, value) => {
    writes.push([name, value]);
  });
  return { store, writes };
}

const twoSession = (env: Record<string, string> = {}) =>
  createSession(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: identitiesFile(TWO), ...env }), {});

describe('a shared store of session choices', () => {
  it('the stored identity and region are the request’s; the process’s own stay as they were', async () => {
    const session = twoSession();
    const { store } = choices({ identity: 'jp', region: 'eu' });
    runWithSessionChoices(store, () => {
      expect(session.activeIdentityId).toBe('jp');
      expect(session.active()).toMatchObject({ id: 'jp', sellerId: 'A1JP', refreshToken: 'Atzr|jp' });
      expect(session.region).toBe('eu');
    });
    expect(session.activeIdentityId).toBe('us');
    expect(session.region).toBe('na');
  });

  it('no stored region: the chosen identity’s region (not a region this process overrode)', () => {
    const session = twoSession();
    session.setRegion('eu');
    runWithSessionChoices(choices({ identity: 'jp' }).store, () => expect(session.region).toBe('fe'));
    runWithSessionChoices(choices().store, () => expect(session.region).toBe('na'));
    expect(session.region).toBe('eu');
  });

  it('a stored identity that is not configured is ignored; a stored value that is no region too', () => {
    const session = twoSession();
    runWithSessionChoices(choices({ identity: 'ghost', region: 'moon' }).store, () => {
      expect(session.activeIdentityId).toBe('us');
      expect(session.active().id).toBe('us');
      expect(session.region).toBe('na');
    });
    for (const region of ['na', 'eu', 'fe'])
      runWithSessionChoices(choices({ region }).store, () => expect(session.region).toBe(region));
  });

  it('with no configured identities, any stored identity is taken (the fall-through identity)', () => {
    const session = createSession(
      loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: identitiesFile([]), SP_API_REGION: 'eu' }),
      {},
    );
    runWithSessionChoices(choices({ identity: 'sp-other' }).store, () => {
      expect(session.activeIdentityId).toBe('sp-other');
      expect(session.active()).toMatchObject({ id: 'sp-other', region: 'eu' });
    });
  });

  it('with no configured identities and nothing chosen: the configured credentials as identity "default"', () => {
    const session = createSession(
      loadConfig({
        ...CREDS,
        SP_API_IDENTITIES_FILE: identitiesFile([]),
        SP_API_REGION: 'fe',
        SP_API_SELLER_ID: 'S7',
      }),
      {},
    );
    const fallThrough = {
      id: 'default',
      name: 'default',
      sellerId: 'S7',
      region: 'fe',
      refreshToken: '',
      marketplaceIds: [],
    };
    expect(session.activeIdentityId).toBeUndefined();
    expect(session.active()).toEqual(fallThrough);
    runWithSessionChoices(choices().store, () => expect(session.active()).toEqual(fallThrough));
  });

  it('with no configured identities, an empty store leaves the process’s own switch standing', () => {
    const session = createSession(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: identitiesFile([]) }), {});
    session.setActive('sp-own');
    runWithSessionChoices(choices().store, () => {
      expect(session.activeIdentityId).toBe('sp-own');
      expect(session.active()).toMatchObject({ id: 'sp-own', name: 'sp-own' });
    });
  });

  it('set_active_identity writes the identity and clears the region in the store, not in the process', async () => {
    const session = twoSession();
    const { store, writes } = choices({ region: 'eu' });
    runWithSessionChoices(store, () => {
      session.setActive('jp');
      expect(session.activeIdentityId).toBe('jp');
      expect(session.region).toBe('fe');
    });
    await store.flush();
    expect(writes).toEqual([
      ['identity', 'jp'],
      ['region', undefined],
    ]);
    expect(session.activeIdentityId).toBe('us');
  });

  it('set_region writes the region to the store; the process keeps its own', async () => {
    const session = twoSession();
    const { store, writes } = choices();
    runWithSessionChoices(store, () => {
      session.setRegion('fe');
      expect(session.region).toBe('fe');
    });
    await store.flush();
    expect(writes).toEqual([['region', 'fe']]);
    expect(session.region).toBe('na');
  });

  it('--hosted with a store: the user’s region is the stored one; switching to themselves clears it', async () => {
    const session = twoSession({ SP_API_REGION: 'eu' });
    const user = { subject: 'sp:A1', account: 'A1', secret: 'Atzr|user' };
    const { store, writes } = choices({ region: 'fe', identity: 'us' });
    runAsHostedUser(user, () =>
      runWithSessionChoices(store, () => {
        expect(session.active()).toMatchObject({ id: 'sp:A1', region: 'fe', refreshToken: 'Atzr|user' });
        expect(session.region).toBe('fe');
        session.setActive('jp');
        expect(session.region).toBe('fe');
        session.setRegion('na');
        expect(session.region).toBe('na');
        session.setActive('sp:A1');
        expect(session.region).toBe('eu');
      }),
    );
    await store.flush();
    expect(writes).toEqual([
      ['region', 'na'],
      ['region', undefined],
    ]);
  });

  it('--hosted without a store: the operator’s region switch is not a hosted user’s region', () => {
    const session = twoSession({ SP_API_REGION: 'eu' });
    session.setRegion('fe');
    runAsHostedUser({ subject: 'sp:A1', account: 'A1', secret: 'Atzr|user' }, () => {
      expect(session.region).toBe('eu');
      expect(session.active().region).toBe('eu');
    });
    expect(session.region).toBe('fe');
  });

  it('--hosted without a store: each user’s region in this process, reset by switching to themselves', () => {
    const session = twoSession({ SP_API_REGION: 'eu' });
    const user = { subject: 'sp:A1', account: 'A1', secret: 'Atzr|user' };
    runAsHostedUser(user, () => {
      session.setRegion('fe');
      expect(session.region).toBe('fe');
      session.setActive('sp:A1');
      expect(session.region).toBe('eu');
    });
    expect(session.region).toBe('na');
  });
});

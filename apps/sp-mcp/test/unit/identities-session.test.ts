// Seller identities: the env one and an identities file, read strictly, never showing a refresh token; the session's active identity and region; region and marketplace names.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { currencyOf } from '../../src/hints/currencies.js';
import { MARKETPLACE_IDS, marketplaceRegion } from '../../src/hints/marketplaces.js';
import { resolveRegion } from '../../src/hints/region-aliases.js';
import { loadIdentities, publicIdentity } from '../../src/session/identities.js';
import { createSession } from '../../src/session/session.js';

const dir = mkdtempSync(join(tmpdir(), 'sp-identities-'));
let n = 0;
function file(content: unknown): string {
  const path = join(dir, `identities-${n++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const CREDS = { SP_API_CLIENT_ID: 'client', SP_API_CLIENT_SECRET: 'secret' };

describe('loadIdentities', () => {
  it('the env refresh token is identity "default" in the configured region', () => {
    const config = loadConfig({
      ...CREDS,
      SP_API_REFRESH_TOKEN: 'Atzr|env',
      SP_API_REGION: 'eu',
      SP_API_SELLER_ID: 'A1SELLER',
    });
    expect(loadIdentities(config, {})).toEqual([
      {
        id: 'default',
        name: 'Seller account from SP_API_REFRESH_TOKEN',
        sellerId: 'A1SELLER',
        region: 'eu',
        refreshToken: 'Atzr|env',
        marketplaceIds: [],
      },
    ]);
    // Mock mode without a file or token still has the default identity; with a file and no token, only the file's.
    expect(loadIdentities(loadConfig({ OBMCP_MOCK: '1' }), {}).map((i) => i.id)).toEqual(['default']);
    const path = file({ identities: [{ id: 'x', refreshToken: 'Atzr|x' }] });
    expect(
      loadIdentities(loadConfig({ OBMCP_MOCK: '1', SP_API_IDENTITIES_FILE: path }), {}).map((i) => i.id),
    ).toEqual(['x']);
  });

  it("a file's identities: names, seller ids, regions (aliases too), marketplaces, tokens inline or from the env", () => {
    const path = file({
      identities: [
        {
          id: 'us-main',
          name: 'US store',
          sellerId: 'A1US',
          region: 'usa',
          refreshToken: 'Atzr|us',
          marketplaceIds: ['ATVPDKIKX0DER'],
        },
        { id: 'eu.main_2', refreshTokenEnv: 'EU_TOKEN' },
      ],
    });
    const config = loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: path, SP_API_REGION: 'fe' });
    expect(loadIdentities(config, { EU_TOKEN: 'Atzr|eu' })).toEqual([
      {
        id: 'us-main',
        name: 'US store',
        sellerId: 'A1US',
        region: 'na',
        refreshToken: 'Atzr|us',
        marketplaceIds: ['ATVPDKIKX0DER'],
      },
      {
        id: 'eu.main_2',
        name: 'eu.main_2',
        sellerId: undefined,
        region: 'fe',
        refreshToken: 'Atzr|eu',
        marketplaceIds: [],
      },
    ]);
  });

  it('refuses an unreadable or invalid file by where it is wrong, never quoting a token', () => {
    const load =
      (content: unknown, env: Record<string, string> = {}) =>
      () =>
        loadIdentities(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: file(content) }), env);
    expect(load('{not json')).toThrow('SP_API_IDENTITIES_FILE is not readable JSON');
    expect(() =>
      loadIdentities(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: join(dir, 'missing.json') }), {}),
    ).toThrow('SP_API_IDENTITIES_FILE is not readable JSON');
    expect(load({ identities: [{ id: 'bad id', refreshToken: 'Atzr|secret-1' }] })).toThrow(
      /^SP_API_IDENTITIES_FILE is invalid at identities\.0\.id$/,
    );
    expect(load({ identities: [{ id: 'x', refreshToken: 'Atzr|secret-1', extra: 1 }] })).toThrow(
      'SP_API_IDENTITIES_FILE is invalid at identities.0',
    );
    expect(load({ identities: [{ id: 'x', refreshTokenEnv: 'lower' }] })).toThrow(
      'invalid at identities.0.refreshTokenEnv',
    );
    expect(load({ other: [] })).toThrow('SP_API_IDENTITIES_FILE is invalid at identities');
    expect(load({ identities: [{ id: 'x' }] })).toThrow(
      'identity x: refreshToken or refreshTokenEnv (set) is required',
    );
    expect(load({ identities: [{ id: 'x', refreshTokenEnv: 'UNSET_TOKEN' }] })).toThrow(
      'identity x: refreshToken or refreshTokenEnv (set) is required',
    );
    expect(load({ identities: [{ id: 'x', refreshToken: 'Atzr|secret-1', region: 'mars' }] })).toThrow(
      'identity x: region must be na, eu or fe',
    );
    try {
      load({ identities: [{ id: 'x', refreshToken: 'Atzr|secret-1', region: 'mars' }] })();
    } catch (error) {
      expect(String(error)).not.toContain('secret-1');
    }
  });

  it('publicIdentity: no refresh token; the seller id only when known; whether it is the active one', () => {
    const identity = {
      id: 'a',
      name: 'A',
      sellerId: 'S1',
      region: 'na' as const,
      refreshToken: 'Atzr|hidden',
      marketplaceIds: ['M'],
    };
    expect(publicIdentity(identity, 'a')).toEqual({
      id: 'a',
      name: 'A',
      sellerId: 'S1',
      region: 'na',
      marketplaceIds: ['M'],
      active: true,
    });
    expect(publicIdentity({ ...identity, sellerId: undefined }, 'b')).toEqual({
      id: 'a',
      name: 'A',
      region: 'na',
      marketplaceIds: ['M'],
      active: false,
    });
  });
});

describe('Session', () => {
  const twoIdentities = () =>
    file({
      identities: [
        { id: 'us', refreshToken: 'Atzr|us', region: 'na' },
        { id: 'jp', refreshToken: 'Atzr|jp', region: 'fe' },
      ],
    });

  it('SP_API_ACTIVE_IDENTITY picks the active identity when it exists; else the first', () => {
    const path = twoIdentities();
    expect(
      createSession(
        loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: path, SP_API_ACTIVE_IDENTITY: 'jp' }),
        {},
      ).active().id,
    ).toBe('jp');
    expect(
      createSession(
        loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: path, SP_API_ACTIVE_IDENTITY: 'nope' }),
        {},
      ).active().id,
    ).toBe('us');
    const session = createSession(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: path }), {});
    expect(session.activeIdentityId).toBe('us');
    expect(session.list().map((i) => i.id)).toEqual(['us', 'jp']);
  });

  it("switching identity resets a region override; the region is the override's, else the identity's", () => {
    const session = createSession(
      loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: twoIdentities(), SP_API_REGION: 'eu' }),
      {},
    );
    expect(session.region).toBe('na');
    session.setRegion('eu');
    expect(session.region).toBe('eu');
    session.setActive('jp');
    expect(session.active().id).toBe('jp');
    expect(session.region).toBe('fe');
  });

  it('refresh re-reads the file and keeps the last good list when it breaks', () => {
    const path = twoIdentities();
    const session = createSession(loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: path }), {});
    writeFileSync(path, JSON.stringify({ identities: [{ id: 'new', refreshToken: 'Atzr|n' }] }));
    expect(session.refresh().map((i) => i.id)).toEqual(['new']);
    writeFileSync(path, '{broken');
    expect(session.refresh().map((i) => i.id)).toEqual(['new']);
  });

  it('an active id that is not listed falls through to the configured credentials and region', () => {
    const session = createSession(
      loadConfig({ ...CREDS, SP_API_REFRESH_TOKEN: 'Atzr|env', SP_API_REGION: 'fe', SP_API_SELLER_ID: 'S9' }),
      {},
    );
    session.setActive('ghost');
    expect(session.active()).toEqual({
      id: 'ghost',
      name: 'ghost',
      sellerId: 'S9',
      region: 'fe',
      refreshToken: 'Atzr|env',
      marketplaceIds: [],
    });
  });

  it('--hosted: the request user is the one identity (their token, their account); the configured ones are unreachable', () => {
    const session = createSession(
      loadConfig({ ...CREDS, SP_API_IDENTITIES_FILE: twoIdentities(), SP_API_REGION: 'eu' }),
      {},
    );
    const user = { subject: 'sp:A1', account: 'A1', secret: 'Atzr|user' };
    runAsHostedUser(user, () => {
      const expected = {
        id: 'sp:A1',
        name: 'sp:A1',
        sellerId: 'A1',
        region: 'eu',
        refreshToken: 'Atzr|user',
        marketplaceIds: [],
      };
      expect(session.list()).toEqual([expected]);
      expect(session.active()).toEqual(expected);
      expect(session.refresh()).toEqual([expected]);
      expect(session.activeIdentityId).toBe('sp:A1');
      session.setActive('us');
      expect(session.active().id).toBe('sp:A1');
      session.setRegion('fe');
      expect(session.region).toBe('fe');
      // Another user's region choice is their own.
      runAsHostedUser({ ...user, subject: 'sp:B2' }, () => expect(session.region).toBe('eu'));
      session.setActive('sp:A1');
      expect(session.region).toBe('eu');
    });
    // The server's own session is untouched.
    expect(session.active().id).toBe('us');
    expect(session.region).toBe('na');
  });
});

describe('region and marketplace names', () => {
  it('resolveRegion: codes and aliases, case and punctuation folded', () => {
    expect(resolveRegion('NA')).toBe('na');
    expect(resolveRegion('e.u.')).toBe('eu');
    expect(resolveRegion('Far East')).toBe('fe');
    expect(resolveRegion('United Kingdom')).toBe('eu');
    expect(resolveRegion('japan')).toBe('fe');
    expect(resolveRegion('mars')).toBeUndefined();
    expect(resolveRegion(undefined)).toBeUndefined();
  });

  it('currencyOf and marketplaceRegion by marketplace id', () => {
    expect(currencyOf('ATVPDKIKX0DER')).toBe('USD');
    expect(currencyOf('A1F83G8C2ARO7P')).toBe('GBP');
    expect(currencyOf('A1VC38T7YXB528')).toBe('JPY');
    expect(currencyOf('NOPE')).toBeUndefined();
    expect(marketplaceRegion('A1PA6795UKMFR9')).toBe('eu');
    expect(marketplaceRegion('A39IBJ37TRP1C6')).toBe('fe');
    expect(marketplaceRegion('NOPE')).toBeUndefined();
  });

  it('every marketplace id a tool accepts has a currency (estimate_fees defaults to it)', () => {
    expect(MARKETPLACE_IDS.filter((id) => !/^[A-Z]{3}$/.test(currencyOf(id) ?? ''))).toEqual([]);
  });
});

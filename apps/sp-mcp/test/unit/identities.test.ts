// Unit: SP_API_IDENTITIES_FILE — each identity's region (its own, an alias, or the default); an unknown one stops the start.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loadIdentities } from '../../src/session/identities.js';

const dir = mkdtempSync(join(tmpdir(), 'obmcp-sp-identities-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(identities: unknown[]) {
  const file = join(dir, `identities-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ identities }));
  const env = { OBMCP_MOCK: '1', SP_API_REGION: 'na', SP_API_IDENTITIES_FILE: file };
  return loadIdentities(loadConfig(env), env);
}

describe('loadIdentities: regions', () => {
  it('an identity takes its own region (aliases too), the configured one when it names none', () => {
    const loaded = load([
      { id: 'uk-shop', refreshToken: 'fake-refresh-uk', region: 'Europe' },
      { id: 'jp-shop', refreshToken: 'fake-refresh-jp', region: 'fe' },
      { id: 'us-shop', refreshToken: 'fake-refresh-us' },
    ]);
    expect(loaded.map((i) => [i.id, i.region])).toEqual([
      ['uk-shop', 'eu'],
      ['jp-shop', 'fe'],
      ['us-shop', 'na'],
    ]);
  });

  it('a misspelled region stops the start, naming the identity: its calls never go to another region', () => {
    expect(() => load([{ id: 'eu-shop', refreshToken: 'fake-refresh-eu', region: 'ue' }])).toThrow(
      'identity eu-shop: region must be na, eu or fe',
    );
  });
});

// Hint engine: suggest() thresholds, the four categories with _meta.hint_categories, tables, and hints stay data.
import { describe, expect, test } from 'vitest';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { enumHints } from '@obmcp/contract/internal/hints/categories.js';
import {
  AuthError,
  ClientSideError,
  DomainValidationError,
  type Envelope,
  RateLimitedError,
  SandboxLimitationError,
  spellingDistance,
  suggest,
  UpstreamTransportError,
} from '@obmcp/contract';
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { createContractServer } from '../src/entries/server.js';
import { EnvironmentError } from '@obmcp/contract/internal/tool/errors.js';
import { HINT_CATEGORIES } from '@obmcp/contract/internal/hints/categories.js';
import { silentLogger } from '../src/entries/testing.js';
import { envelopeOf, hostWith } from './helpers.js';

describe('suggest()', () => {
  test('case-only (and separator-only) differences are nearly free', () => {
    expect(spellingDistance('marketplaceids', 'marketplaceIds')).toBeLessThan(0.5);
    expect(spellingDistance('Marketplace_IDs', 'marketplaceIds')).toBeLessThan(0.5);
    expect(suggest('MARKETPLACEIDS', ['marketplaceIds', 'region'])).toEqual([
      { value: 'marketplaceIds', distance: expect.any(Number), caseOnly: true },
    ]);
    // even a two-letter key finds its case-only twin
    expect(suggest('EU', ['eu', 'na']).map((s) => s.value)).toEqual(['eu']);
  });

  test('edits are accepted only below 0.4 × length, closest first, at most 3', () => {
    expect(suggest('marketplaceId', ['marketplaceIds'])[0]).toMatchObject({ distance: 1, caseOnly: false });
    expect(suggest('ordrs', ['orders']).map((s) => s.value)).toEqual(['orders']); // 1 < 2
    expect(suggest('odrs', ['orders'])).toEqual([]); // 2 ≥ 1.6
    expect(suggest('ab', ['ac'])).toEqual([]); // 1 ≥ max(1, 0.8)
    expect(suggest('status', ['statuses', 'status_', 'stat', 'statu']).map((s) => s.value)).toEqual([
      'status_',
      'statu',
      'stat',
    ]);
  });

  test('unrelated words get no suggestion', () => {
    expect(suggest('banana', ['marketplaceIds', 'region', 'maxResults'])).toEqual([]);
    expect(suggest('usa', ['na', 'eu', 'fe'])).toEqual([]);
    expect(suggest('', ['a'])).toEqual([]);
  });
});

const host = (env: Record<string, string> = {}) => hostWith(exampleTools, env);
const order = (extra: Record<string, unknown>) => ({ marketplaceIds: ['ATVPDKIKX0DER'], ...extra });

describe('the four categories, listed in _meta.hint_categories', () => {
  test('case_mismatch (normalization off, PascalCase key)', async () => {
    const off = host({ MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false' });
    const envelope = await envelopeOf(off, 'list_orders', { MarketplaceIds: ['ATVPDKIKX0DER'] });
    expect(envelope.hints).toContain('Use marketplaceIds instead of MarketplaceIds.');
    expect(envelope._meta?.hint_categories).toEqual(
      expect.arrayContaining(['case_mismatch', 'missing_required']),
    );
    expect(envelope.details.find((d) => d.extra === 'MarketplaceIds')?.did_you_mean).toEqual([
      'marketplaceIds',
    ]);
  });

  test('did_you_mean for a close key', async () => {
    const envelope = await envelopeOf(host(), 'list_orders', order({ maxResult: 5 }));
    expect(envelope.hints).toContain('Did you mean maxResults? Got maxResult.');
    expect(envelope._meta?.hint_categories).toEqual(['did_you_mean']);
  });

  test('enum_suggest for a value outside the enum', async () => {
    const envelope = await envelopeOf(host(), 'list_orders', order({ region: 'mars' }));
    expect(envelope.hints).toContain('mars is not valid for region. Valid: [na, eu, fe].');
    expect(envelope._meta?.hint_categories).toEqual(['enum_suggest']);
  });

  test('missing_required', async () => {
    const envelope = await envelopeOf(host(), 'list_orders', {});
    expect(envelope.hints[0]).toBe('Required: marketplaceIds. See schema.');
    expect(envelope._meta?.hint_categories).toEqual(['missing_required']);
  });

  test('the categories are exactly the v1 four', () => {
    expect([...HINT_CATEGORIES]).toEqual([
      'case_mismatch',
      'did_you_mean',
      'enum_suggest',
      'missing_required',
    ]);
  });
});

describe('tables and value hints', () => {
  test("value alias: region 'usa' → did_you_mean region='na'", async () => {
    const envelope = await envelopeOf(host(), 'list_orders', order({ region: 'USA' }));
    expect(envelope.hints[0]).toBe("Did you mean region='na'? Got 'USA'.");
    expect(envelope.details[0]?.did_you_mean).toEqual(['na']);
    expect(envelope._meta?.hint_categories).toEqual(['did_you_mean', 'enum_suggest']);
  });

  test('enum labels: a label names its value', () => {
    const tables = { enumLabels: { marketplaceId: { ATVPDKIKX0DER: 'US', A1PA6795UKMFR9: 'DE' } } };
    const { matches, hints } = enumHints(
      'filters/0/marketplaceId',
      'us',
      ['ATVPDKIKX0DER', 'A1PA6795UKMFR9'],
      tables,
    );
    expect(matches).toEqual(['ATVPDKIKX0DER']);
    expect(hints[0]).toEqual({
      category: 'did_you_mean',
      text: "Did you mean marketplaceId='ATVPDKIKX0DER'? Got 'us'.",
    });
  });

  test('a numeric string for an integer names the number', async () => {
    const envelope = await envelopeOf(host(), 'list_orders', order({ maxResults: '10' }));
    expect(envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(envelope.hints[0]).toMatch(/^Did you mean maxResults=10\?/);
    expect(envelope.details[0]?.did_you_mean).toEqual([10]);
    // a non-integer numeric string is not offered for an integer field
    const frac = await envelopeOf(host(), 'list_orders', order({ maxResults: '2.5' }));
    expect(frac.details[0]?.did_you_mean).toBeUndefined();
  });
});

describe('hints are data, never instructions', () => {
  async function corpus(): Promise<Envelope[]> {
    const h = host();
    const off = host({ MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false' });
    const bad = [
      {},
      { MarketplaceIds: ['ATVPDKIKX0DER'] },
      order({ region: 'usa' }),
      order({ region: 'europe' }),
      order({ maxResults: '10' }),
      order({ maxResults: 1000 }),
      order({ maxResult: 1 }),
      order({ filters: [{ marketplaceId: 5 }] }),
      { marketplaceIds: ['X', 'Y', 'Z'] },
      { marketplaceIds: '["ATVPDKIKX0DER"' },
    ];
    const out: Envelope[] = [];
    for (const args of bad) {
      for (const hh of [h, off]) {
        const outcome = await hh.call('list_orders', args);
        if (!outcome.ok) out.push(outcome.envelope);
      }
    }
    for (const status of [400, 401, 403, 404, 429, 500, 503])
      out.push(await envelopeOf(h, 'upstream_fail', { status }));
    out.push(await envelopeOf(h, 'crash', {}));
    out.push(await envelopeOf(h, 'list_ordrs', {}));
    const { host: wired } = createContractServer({
      profile: exampleProfile,
      tools: exampleTools,
      env: {},
      logger: silentLogger,
    });
    const viaInvoke = await wired.invoke(
      'nope',
      {},
      { signal: new AbortController().signal, listedOnly: true },
    );
    if (!viaInvoke.outcome.ok) out.push(viaInvoke.outcome.envelope);
    const thrown = [
      new UpstreamTransportError('UPSTREAM_TIMEOUT'),
      new AuthError({ summary: 'token exchange failed' }),
      new RateLimitedError({ retryAfterSeconds: 2 }),
      new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND'),
      new ClientSideError('TOOL_EXECUTION_FAILED'),
      new SandboxLimitationError(),
      new EnvironmentError('STORAGE_UNAVAILABLE', 'disk /var/x full'),
    ];
    for (const t of thrown) out.push(envelopeFromThrown(t, { profile: exampleProfile, tool: 't' }));
    return out;
  }

  test('no hint in a corpus of envelopes tells the agent to switch, delete, confirm or skip', async () => {
    const envelopes = await corpus();
    const hints = envelopes.flatMap((e) => e.hints);
    expect(envelopes.length).toBeGreaterThan(30);
    expect(hints.length).toBeGreaterThan(40);
    for (const hint of hints) expect(hint).not.toMatch(/switch|delete|confirm|skip/i);
  });
});

// Hint engine: suggest() thresholds, the four categories with _meta.hint_categories, tables and value hints.
import { describe, expect, test } from 'vitest';
import { HINT_CATEGORIES, enumHints } from '../src/hints/categories.js';
import { spellingDistance } from '../src/hints/distance.js';
import { suggest } from '../src/hints/suggest.js';
import { exampleSchema, rejectionOf } from './validation-path.js';

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

const LIST_ORDERS = exampleSchema('list_orders');
const order = (extra: Record<string, unknown>) => ({ marketplaceIds: ['ATVPDKIKX0DER'], ...extra });

describe('the four categories, listed in _meta.hint_categories', () => {
  test('case_mismatch (normalization off, PascalCase key)', () => {
    const envelope = rejectionOf(LIST_ORDERS, { MarketplaceIds: ['ATVPDKIKX0DER'] }, { normalize: false });
    expect(envelope.hints).toContain('Use marketplaceIds instead of MarketplaceIds.');
    expect(envelope._meta?.hint_categories).toEqual(
      expect.arrayContaining(['case_mismatch', 'missing_required']),
    );
    expect(envelope.details.find((d) => d.extra === 'MarketplaceIds')?.did_you_mean).toEqual([
      'marketplaceIds',
    ]);
  });

  test('did_you_mean for a close key', () => {
    const envelope = rejectionOf(LIST_ORDERS, order({ maxResult: 5 }));
    expect(envelope.hints).toContain('Did you mean maxResults? Got maxResult.');
    expect(envelope._meta?.hint_categories).toEqual(['did_you_mean']);
  });

  test('enum_suggest for a value outside the enum', () => {
    const envelope = rejectionOf(LIST_ORDERS, order({ region: 'mars' }));
    expect(envelope.hints).toContain('mars is not valid for region. Valid: [na, eu, fe].');
    expect(envelope._meta?.hint_categories).toEqual(['enum_suggest']);
  });

  test('missing_required', () => {
    const envelope = rejectionOf(LIST_ORDERS, {});
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
  test("value alias: region 'usa' → did_you_mean region='na'", () => {
    const envelope = rejectionOf(LIST_ORDERS, order({ region: 'USA' }));
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

  test('a numeric string for an integer names the number', () => {
    const envelope = rejectionOf(LIST_ORDERS, order({ maxResults: '10' }));
    expect(envelope.error_code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(envelope.hints[0]).toMatch(/^Did you mean maxResults=10\?/);
    expect(envelope.details[0]?.did_you_mean).toEqual([10]);
    // a non-integer numeric string is not offered for an integer field
    const frac = rejectionOf(LIST_ORDERS, order({ maxResults: '2.5' }));
    expect(frac.details[0]?.did_you_mean).toBeUndefined();
  });
});

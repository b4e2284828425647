// The hint texts an agent reads: values quoted and bounded, the enum list capped, aliases and labels, case and spelling.
import { describe, expect, test } from 'vitest';
import { enumHints, missingRequiredHint, unknownKeyHints } from '../src/hints/categories.js';
import { editDistance, foldKey, spellingDistance } from '../src/hints/distance.js';
import { lookupAlias, suggest } from '../src/hints/suggest.js';

const texts = (r: { hints: { text: string }[] }) => r.hints.map((h) => h.text);

describe('enumHints: a value outside a closed enum', () => {
  test('values in the text: strings as sent (long ones cut at 60), others as short JSON shapes', () => {
    const long = 'x'.repeat(61);
    expect(texts(enumHints('status', long, ['A']))).toEqual([
      `${'x'.repeat(59)}… is not valid for status. Valid: [A].`,
    ]);
    const sixty = 'y'.repeat(60);
    expect(texts(enumHints('status', sixty, ['A']))).toEqual([
      `${sixty} is not valid for status. Valid: [A].`,
    ]);
    expect(texts(enumHints('n', 5, [1, 2]))).toEqual(['5 is not valid for n. Valid: [1, 2].']);
    expect(texts(enumHints('n', null, [true]))).toEqual(['null is not valid for n. Valid: [true].']);
    expect(texts(enumHints('n', [1, 2, 3], ['a']))).toEqual(['[array of 3] is not valid for n. Valid: [a].']);
    expect(texts(enumHints('n', { a: 1 }, [{ b: 2 }, [1]]))).toEqual([
      '{object} is not valid for n. Valid: [{object}, [array of 1]].',
    ]);
  });

  test('the valid list shows twelve values, then how many there are', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `v${i}`);
    expect(texts(enumHints('f', 'zzzz', twelve))[0]).toBe(
      `zzzz is not valid for f. Valid: [${twelve.join(', ')}].`,
    );
    const thirteen = [...twelve, 'v12'];
    expect(texts(enumHints('f', 'zzzz', thirteen))[0]).toBe(
      `zzzz is not valid for f. Valid: [${twelve.join(', ')}, … (13 values)].`,
    );
  });

  test('did_you_mean names the leaf field (array indexes skipped) and at most three quoted values', () => {
    const r = enumHints('filters/12/status', 'shiped', ['shipped', 'shipper', 'shipping', 'shipper2']);
    expect(r.hints[0]?.text).toBe("Did you mean status='shipped' or 'shipper'? Got 'shiped'.");
    const many = enumHints('filters/0/s', 'abcd', ['abce', 'abcf', 'abcg', 'abch']);
    expect(many.matches).toEqual(['abce', 'abcf', 'abcg']);
    expect(many.hints[0]?.text).toBe("Did you mean s='abce' or 'abcf' or 'abcg'? Got 'abcd'.");
    // a path ending in a number keeps the last named segment; a key like "2x" is a name
    expect(enumHints('a/2x', 'abcd', ['abce']).hints[0]?.text).toMatch(/^Did you mean 2x=/);
    expect(enumHints('a1/3', 'abcd', ['abce']).hints[0]?.text).toMatch(/^Did you mean a1=/);
    expect(enumHints('x12/3', 'abcd', ['abce']).hints[0]?.text).toMatch(/^Did you mean x12=/);
    expect(enumHints('tags/12', 'abcd', ['abce']).hints[0]?.text).toMatch(/^Did you mean tags=/);
  });

  test('aliases count only when they name an allowed value; labels too; each match once', () => {
    const tables = { valueAliases: { region: { usa: 'na', moon: 'luna' } } };
    expect(enumHints('region', 'USA', ['na', 'eu'], tables).matches).toEqual(['na']);
    expect(enumHints('region', 'moon', ['na', 'eu'], tables)).toMatchObject({ matches: [] });
    expect(texts(enumHints('region', 'moon', ['na', 'eu'], tables))).toEqual([
      'moon is not valid for region. Valid: [na, eu].',
    ]);
    // the alias and the spelling both find `na`: listed once
    const twice = enumHints('region', 'na ', ['na', 'eu'], { valueAliases: { region: { na: 'na' } } });
    expect(twice.matches).toEqual(['na']);
    // an alias, then three spellings: the text and the matches stop at three
    const four = enumHints('s', 'abcd', ['w', 'abce', 'abcf', 'abcg'], {
      valueAliases: { s: { abcd: 'w' } },
    });
    expect(four.matches).toEqual(['w', 'abce', 'abcf']);
    expect(four.hints[0]?.text).toBe("Did you mean s='w' or 'abce' or 'abcf'? Got 'abcd'.");
    const labels = { enumLabels: { m: { A1: 'DE', B2: 'US' } } };
    expect(enumHints('m', 'de', ['A1', 'B2'], labels).matches).toEqual(['A1']);
    expect(enumHints('m', 'de', ['B2'], labels).matches).toEqual([]);
  });

  test('only string values get spelling suggestions, only against string choices', () => {
    expect(enumHints('n', 10, [10.5, 11]).hints.map((h) => h.category)).toEqual(['enum_suggest']);
    expect(enumHints('s', 'ab1', [1, 'ab2']).matches).toEqual(['ab2']);
    expect(enumHints('s', '1', [1, 2]).matches).toEqual([]);
  });
});

describe('unknownKeyHints: a key the schema does not have', () => {
  test('a curated rename wins when it names a known key; otherwise spelling decides', () => {
    const tables = { keyRenames: { sku: 'sellerSku', gone: 'removedKey' } };
    expect(unknownKeyHints('sku', ['sellerSku', 'skus'], tables)).toEqual({
      hints: [{ category: 'did_you_mean', text: 'Did you mean sellerSku? Got sku.' }],
      matches: ['sellerSku'],
    });
    expect(unknownKeyHints('gone', ['gane'], tables).matches).toEqual(['gane']);
    expect(unknownKeyHints('skus', ['skux'], { keyRenames: {} }).matches).toEqual(['skux']);
    expect(unknownKeyHints('skus', ['skux'], {}).matches).toEqual(['skux']);
  });

  test('case or separators only → case_mismatch; several close keys are all named', () => {
    expect(texts(unknownKeyHints('Marketplace_IDs', ['marketplaceIds']))).toEqual([
      'Use marketplaceIds instead of Marketplace_IDs.',
    ]);
    expect(unknownKeyHints('Marketplace_IDs', ['marketplaceIds']).hints[0]?.category).toBe('case_mismatch');
    expect(texts(unknownKeyHints('statu', ['status', 'stats']))).toEqual([
      'Did you mean stats or status? Got statu.',
    ]);
    expect(unknownKeyHints('zzz', ['region'])).toEqual({ hints: [], matches: [] });
    // separators in the schema's key count as case too
    expect(unknownKeyHints('MarketplaceIds', ['marketplace_ids']).hints).toEqual([
      { category: 'case_mismatch', text: 'Use marketplace_ids instead of MarketplaceIds.' },
    ]);
  });

  test('missing_required names the field', () => {
    expect(missingRequiredHint('filters/0/id')).toEqual({
      category: 'missing_required',
      text: 'Required: filters/0/id. See schema.',
    });
  });
});

describe('spelling', () => {
  test('editDistance counts insertions, deletions and substitutions; case-only costs 0.1', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'aXbc')).toBe(1);
    expect(editDistance('abcd', 'acd')).toBe(1);
    expect(editDistance('abc', 'ABC')).toBeCloseTo(0.3);
    expect(editDistance('aBc', 'Abc')).toBeCloseTo(0.2);
    expect(editDistance('ab', 'ba')).toBe(2);
  });

  test('spellingDistance: folded-equal keys cost 0.2, past the ceiling is ceiling + 1', () => {
    expect(spellingDistance('a_b', 'AB')).toBe(0.2);
    expect(spellingDistance('__', '--')).toBe(2);
    expect(spellingDistance('marketplaceid', 'marketplaceIds')).toBeCloseTo(1.1);
    // 10 characters → ceiling 4; 6 edits away is cut at 5
    expect(spellingDistance('abcdefghij', 'abcdzzzzzz')).toBe(5);
    expect(spellingDistance('abcdefghij', 'a')).toBe(5);
    expect(spellingDistance('ab', 'abcdefgh')).toBe(4);
    expect(spellingDistance('abcde', 'abxde')).toBe(1);
    expect(spellingDistance('abcdefgh', 'zzzdefgh')).toBe(3);
    expect(spellingDistance('abcdefgh', 'zzzzefgh')).toBe(4);
    expect(spellingDistance('abcdefghijklmn', 'abcdefghijklmn')).toBe(0);
  });

  test('foldKey keeps lower-case letters and digits only', () => {
    expect(foldKey('Marketplace_IDs-2')).toBe('marketplaceids2');
  });

  test('suggest: nothing for empty or over-long input; an exact candidate is not suggested', () => {
    expect(suggest('', ['a'])).toEqual([]);
    const long = 'a'.repeat(201);
    expect(suggest(long, [`${long}b`])).toEqual([]);
    const ok = 'a'.repeat(200);
    expect(suggest(ok, [`${ok}b`]).map((s) => s.value)).toEqual([`${ok}b`]);
    expect(suggest('region', ['region', 'regions']).map((s) => s.value)).toEqual(['regions']);
  });

  test('suggest marks case-only twins, not exact ones nor real edits; ties sort by name', () => {
    expect(suggest('Ab', ['ab'])).toEqual([{ value: 'ab', distance: expect.any(Number), caseOnly: true }]);
    expect(suggest('a_b', ['ab'])).toEqual([{ value: 'ab', distance: 0.2, caseOnly: true }]);
    expect(suggest('abcd', ['abce'])[0]?.caseOnly).toBe(false);
    expect(suggest('abcd', ['abcf', 'abce', 'abcd', 'abce']).map((s) => s.value)).toEqual(['abce', 'abcf']);
    expect(suggest('abcd', ['abce', 'abcf', 'abcg'], 2).map((s) => s.value)).toEqual(['abce', 'abcf']);
  });

  test('lookupAlias folds the value first, then tries it as sent', () => {
    expect(lookupAlias('U.S.A', { usa: 'na' })).toBe('na');
    expect(lookupAlias('U.S.A', undefined)).toBeUndefined();
    expect(lookupAlias('Ü', { Ü: 'de' })).toBe('de');
    expect(lookupAlias('x', { usa: 'na' })).toBeUndefined();
  });
});

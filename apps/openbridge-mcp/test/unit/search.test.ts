// Unit (src): what search_products and the table resolver show an agent: which products match and on which
// field, in which order; which table names are offered, with what confidence; the search terms tried.
import { describe, expect, it } from 'vitest';
import { rankProducts, scoreText } from '../../src/tools/product-search.js';
import {
  normalizeTableName,
  rankTableNames,
  searchTerms,
  similarity,
} from '../../src/tools/table-resolver.js';

describe('scoreText', () => {
  it('a substring, any case, is a full match; an empty query or field matches nothing', () => {
    expect(scoreText('Sponsored', 'Amazon Sponsored Products')).toBe(1);
    expect(scoreText('  sponsored products ', 'Amazon SPONSORED Products')).toBe(1);
    expect(scoreText('', 'Amazon')).toBe(0);
    expect(scoreText('   ', 'Amazon')).toBe(0);
    expect(scoreText('amazon', '')).toBe(0);
  });

  it('otherwise every query word must be near some word of the field: the mean, scaled by 0.95', () => {
    // "sponsord" (one letter missing) is 8/9 like "sponsored"; "product" is a prefix of "products".
    expect(scoreText('sponsord product', 'Amazon Sponsored Products')).toBe(
      Math.round(((8 / 9 + 1) / 2) * 0.95 * 1000) / 1000,
    );
    expect(scoreText('prod amazon-x', 'Amazon Products')).toBe(0);
    expect(scoreText('sponsored zzz', 'Amazon Sponsored Products')).toBe(0);
  });

  it('a word at exactly 0.75 similarity matches; below does not', () => {
    // "abcd" vs "abce": 3/4 = 0.75; "abcd" vs "abef": 0.5.
    expect(scoreText('abcd', 'x abce')).toBe(Math.round(0.75 * 0.95 * 1000) / 1000);
    expect(scoreText('abcd', 'x abef')).toBe(0);
  });

  it('a query or field with no letters or digits matches nothing but a substring', () => {
    expect(scoreText('--', 'a -- b')).toBe(1);
    expect(scoreText('--', 'a - b')).toBe(0);
    expect(scoreText('ab', '-- --')).toBe(0);
  });
});

describe('rankProducts', () => {
  const products = [
    { id: 1, name: 'Amazon Sponsored Products', worker_name: 'amzadv-sp-reports' },
    { id: 2, name: 'Amazon Selling Partner Orders', worker_name: 'sp-orders' },
    { id: 3, name: 'Redshift loader', worker_name: 'redshift-loader' },
    { id: 4, name: 'Google Ads', worker_name: 'adwords' },
    { id: 5, name: 'Alpha Sponsored', worker_name: null },
  ];

  it('best first, ties by name; products that match nothing are left out', () => {
    const ranked = rankProducts('sponsored', products);
    expect(ranked.map((r) => [r.product.id, r.score, r.matched_on])).toEqual([
      [5, 1, 'name'],
      [1, 1, 'name'],
    ]);
    expect(rankProducts('zzzz', products)).toEqual([]);
  });

  it('matched_on is worker_name only when worker_name matches better; a tie is name', () => {
    expect(rankProducts('amzadv', products).map((r) => [r.product.id, r.matched_on])).toEqual([
      [1, 'worker_name'],
    ]);
    expect(rankProducts('redshift', products).map((r) => [r.product.id, r.matched_on])).toEqual([
      [3, 'name'],
    ]);
  });

  it('a closer match ranks above a looser one', () => {
    const ranked = rankProducts('orders', products);
    expect(ranked[0]?.product.id).toBe(2);
    const fuzzy = rankProducts('sponsord', [
      { id: 9, name: 'Sponsord exact' },
      { id: 8, name: 'Sponsored near' },
    ]);
    expect(fuzzy.map((r) => r.product.id)).toEqual([9, 8]);
    expect(fuzzy[1]?.score).toBeLessThan(1);
  });
});

describe('table names', () => {
  it('normalizes to the last path segment, lower case, without _vNN or _master', () => {
    expect(normalizeTableName(' Schema/Amzn_SP_Orders_V2 ')).toBe('amzn_sp_orders');
    expect(normalizeTableName('a/b/sp orders-master')).toBe('sp_orders');
    expect(normalizeTableName('sp_orders_master')).toBe('sp_orders');
    expect(normalizeTableName('sp_orders_v12_master')).toBe('sp_orders_v12');
    expect(normalizeTableName('sp_v2_orders')).toBe('sp_v2_orders');
    expect(normalizeTableName('Orders_V12')).toBe('orders');
    expect(normalizeTableName('sp  orders -- daily')).toBe('sp_orders_daily');
  });

  it('similarity: 1 − edit distance / longer length, any case; empty is 0', () => {
    expect(similarity('Orders', 'orders')).toBe(1);
    expect(similarity('orders', 'order')).toBeCloseTo(5 / 6);
    expect(similarity('', 'x')).toBe(0);
    expect(similarity('x', '')).toBe(0);
    expect(similarity('', '')).toBe(1);
  });

  it('offers names at least 0.6 similar, best first, ties by name, each once, at most the limit', () => {
    const candidates = ['sp_orders_master', 'sp_order', 'sp_orders', 'zz_other', 'sp_orderz', 'sp_orders'];
    expect(rankTableNames('SP_Orders_v3', candidates)).toEqual([
      { table_name: 'sp_orders', confidence: 1 },
      { table_name: 'sp_orders_master', confidence: 1 },
      { table_name: 'sp_order', confidence: 0.889 },
      { table_name: 'sp_orderz', confidence: 0.889 },
    ]);
    expect(rankTableNames('sp_orders', candidates, 2).map((r) => r.table_name)).toEqual([
      'sp_orders',
      'sp_orders_master',
    ]);
    // 0.6 exactly is offered (3 of 5 letters), below is not.
    expect(rankTableNames('abcde', ['abcxy', 'abxyz'])).toEqual([{ table_name: 'abcxy', confidence: 0.6 }]);
  });

  it('search terms: the name, without trailing digits, without its last part, its first part; two letters or more', () => {
    expect(searchTerms('amzn_sp_orders2')).toEqual(['amzn_sp_orders2', 'amzn_sp_orders', 'amzn_sp', 'amzn']);
    expect(searchTerms('Orders')).toEqual(['orders']);
    expect(searchTerms('a_b')).toEqual(['a_b']);
    expect(searchTerms('123')).toEqual(['123']);
    expect(searchTerms('x1')).toEqual(['x1']);
    expect(searchTerms('sp_orders')).toEqual(['sp_orders', 'sp']);
    // Only trailing digits go; empty parts are no term.
    expect(searchTerms('sp2_orders3')).toEqual(['sp2_orders3', 'sp2_orders', 'sp2']);
    expect(searchTerms('_sp_orders')).toEqual(['_sp_orders', 'sp']);
    expect(searchTerms('___')).toEqual(['___']);
  });
});

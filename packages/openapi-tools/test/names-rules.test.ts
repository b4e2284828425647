// Tool names as an agent calls them: snake_case from the operationId, toolset or version only where names collide,
// never over 64 characters, a numeric suffix as the last resort (by a stable order); version labels and titles.
import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  assignNames,
  type NameCandidate,
  snakeCase,
  titleOf,
  versionLabel,
} from '../src/generate/names.js';

const c = (base: string, toolset: string, version = '', order = '0'): NameCandidate => ({
  base,
  toolset,
  version,
  order,
});

describe('snakeCase', () => {
  it('splits words, keeps acronyms together, and leaves no leading, trailing or doubled underscore', () => {
    expect(snakeCase('getOrderItemsBuyerInfo')).toBe('get_order_items_buyer_info');
    expect(snakeCase('getSPAPIThing')).toBe('get_spapi_thing');
    expect(snakeCase('ABCDef')).toBe('abc_def');
    expect(snakeCase('__get--Order__')).toBe('get_order');
    expect(snakeCase('get  order..items')).toBe('get_order_items');
    expect(snakeCase('a__b')).toBe('a_b');
  });
});

describe('assignNames', () => {
  it('a name used once stays bare; a collision across toolsets gets each toolset', () => {
    expect(assignNames([c('get_item', 'a'), c('get_item', 'b'), c('list', 'a')])).toEqual([
      'get_item_a',
      'get_item_b',
      'list',
    ]);
  });

  it('a collision within a toolset across versions gets each version', () => {
    expect(assignNames([c('x', 't', 'v0'), c('x', 't', 'v1')])).toEqual(['x_v0', 'x_v1']);
  });

  it('names still equal get _2, _3 … in the candidates’ order, whatever their position', () => {
    expect(assignNames([c('x', 't', 'v0', 'b'), c('x', 't', 'v0', 'a'), c('x', 't', 'v0', 'c')])).toEqual([
      'x_2',
      'x',
      'x_3',
    ]);
  });

  it('a qualified name of exactly 64 characters is kept; a longer one uses the toolset’s abbreviation', () => {
    const base = 'b'.repeat(64 - '_big_data_api'.length);
    const [kept] = assignNames([c(base, 'big-data-api'), c(base, 'other')]);
    expect(kept).toBe(`${base}_big_data_api`);
    expect(kept).toHaveLength(64);
    const longer = `${base}x`;
    expect(assignNames([c(longer, 'big-data-api'), c(longer, 'other')])[0]).toBe(`${longer}_bd_api`);
  });

  it('a name of exactly 64 characters is kept; a longer one is cut to 61 without a trailing underscore', () => {
    expect(assignNames([c('z'.repeat(64), 't')])).toEqual(['z'.repeat(64)]);
    expect(assignNames([c('z'.repeat(70), 't')])).toEqual(['z'.repeat(61)]);
    expect(assignNames([c(`${'z'.repeat(60)}__abcdef`, 't')])).toEqual(['z'.repeat(60)]);
  });

  it('two long names cut to the same text are told apart by a suffix', () => {
    const base = 'y'.repeat(60);
    expect(
      assignNames([c(base, 'vendor-direct-fulfillment-shipping', '', '1'), c(base, 'orders', '', '2')]),
    ).toEqual([base, `${base}_2`]);
  });
});

describe('abbreviate, versionLabel, titleOf', () => {
  it('abbreviate: initials of all words but the last, from three words on', () => {
    expect(abbreviate('vendor-direct-fulfillment-shipping')).toBe('vdf_shipping');
    expect(abbreviate('big-data-api')).toBe('bd_api');
    expect(abbreviate('fba-inventory')).toBe('fba_inventory');
    expect(abbreviate('orders')).toBe('orders');
  });

  it('versionLabel: a whole version or date segment of the path, else the end of the file stem', () => {
    expect(versionLabel('/orders/V2/x', 'ordersV0')).toBe('v2');
    expect(versionLabel('/x/v10', 'a')).toBe('v10');
    expect(versionLabel('/reports/2021-06-30/x', 's')).toBe('2021_06_30');
    expect(versionLabel('/a/v2beta/x', 'thing_v12')).toBe('v12');
    expect(versionLabel('/a/xv2/x', 'a')).toBe('');
    expect(versionLabel('/x/2021-06-301', 'a')).toBe('');
    expect(versionLabel('/x/a2021-06-30', 'a')).toBe('');
    expect(versionLabel('/x', 'reports_2021-06-30')).toBe('2021_06_30');
    expect(versionLabel('/x', 'productFeesV0')).toBe('v0');
    expect(versionLabel('/x', 'abcv1x')).toBe('');
    expect(versionLabel('/x', 'thingVx')).toBe('');
    expect(versionLabel('/x', 'thing-v12')).toBe('v12');
  });

  it('titleOf: the words in sentence case', () => {
    expect(titleOf('getOrderItems')).toBe('Get order items');
  });
});

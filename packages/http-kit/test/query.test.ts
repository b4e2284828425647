// joinQuery/formBody and isJsonContentType.
import { describe, expect, it } from 'vitest';
import { formBody, isJsonContentType } from '../src/index.js';
import { joinQuery } from '../src/query.js';

describe('joinQuery', () => {
  it('comma-joins arrays, stringifies scalars, skips undefined and empty arrays', () => {
    const url = joinQuery('https://sellingpartnerapi-na.amazon.com/orders/v0/orders?existing=1', {
      MarketplaceIds: ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2'],
      MaxResultsPerPage: 50,
      IsISPU: false,
      NextToken: undefined,
      OrderStatuses: [],
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('MarketplaceIds')).toBe('ATVPDKIKX0DER,A2EUQ1WTGCTBG2');
    expect(parsed.searchParams.get('MaxResultsPerPage')).toBe('50');
    expect(parsed.searchParams.get('IsISPU')).toBe('false');
    expect(parsed.searchParams.get('existing')).toBe('1');
    expect(parsed.searchParams.has('NextToken')).toBe(false);
    expect(parsed.searchParams.has('OrderStatuses')).toBe(false);
  });

  it('encodes values and replaces same-named params', () => {
    const url = joinQuery(new URL('https://x.test/p?a=old'), { a: 'new value&x=1', ids: [1, 2] });
    expect(url).toBe('https://x.test/p?a=new+value%26x%3D1&ids=1%2C2');
  });
});

describe('joinQuery with nothing to add', () => {
  it('gives the URL back as it was written (no trailing slash added), for undefined values and empty arrays too', () => {
    expect(joinQuery('https://h.example', {})).toBe('https://h.example');
    expect(joinQuery('https://h.example', { a: undefined, b: [] })).toBe('https://h.example');
    expect(joinQuery(new URL('https://h.example/p'), {})).toBe('https://h.example/p');
  });

  it('adds the one value among undefined ones and empty arrays', () => {
    expect(joinQuery('https://h.example/p', { a: undefined, b: [], c: ['x'] })).toBe(
      'https://h.example/p?c=x',
    );
    expect(joinQuery('https://h.example/p', { b: [], c: 0 })).toBe('https://h.example/p?c=0');
  });
});

describe('formBody', () => {
  it('builds x-www-form-urlencoded and skips undefined', () => {
    const body = formBody({ grant_type: 'refresh_token', refresh_token: 'Atzr|a b', scope: undefined, n: 1 });
    expect(body.toString()).toBe('grant_type=refresh_token&refresh_token=Atzr%7Ca+b&n=1');
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['APPLICATION/JSON', true],
    ['application/vnd.api+json', true],
    ['application/vnd.openbridge.v1+json;charset=UTF-8', true],
    ['application/problem+json', true],
    ['text/json', true],
    ['text/html', false],
    ['application/jsonp', false],
    ['application/x-ndjson', false],
    ['', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});

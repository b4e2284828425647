// Unit: camelCase tool input → PascalCase (v0) or camelCase (dated) query names; comma-joined arrays.
import { joinQuery } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { mapQuery, toPascal } from './query-case.js';

describe('query case mapping', () => {
  it('maps to PascalCase for v0 APIs, with irregular names', () => {
    expect(toPascal('marketplaceIds')).toBe('MarketplaceIds');
    expect(toPascal('nextToken')).toBe('NextToken');
    expect(toPascal('isIspu')).toBe('IsISPU');
    const q = mapQuery(
      { marketplaceIds: ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2'], createdAfter: '2026-03-01T00:00:00Z', other: 1 },
      ['marketplaceIds', 'createdAfter', 'nextToken'],
      'pascal',
    );
    expect(q).toEqual({
      MarketplaceIds: ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2'],
      CreatedAfter: '2026-03-01T00:00:00Z',
    });
    expect(joinQuery('https://x.test/orders/v0/orders', q)).toBe(
      'https://x.test/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER%2CA2EUQ1WTGCTBG2&CreatedAfter=2026-03-01T00%3A00%3A00Z',
    );
  });
  it('keeps camelCase for dated APIs and drops undefined', () => {
    expect(
      mapQuery(
        { marketplaceIds: ['ATVPDKIKX0DER'], pageSize: 5, pageToken: undefined },
        ['marketplaceIds', 'pageSize', 'pageToken'],
        'camel',
      ),
    ).toEqual({
      marketplaceIds: ['ATVPDKIKX0DER'],
      pageSize: 5,
    });
  });
});

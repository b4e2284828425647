// Both healthcheck list shapes: the documented JSON:API page and the DRF page the reference server reads.
import { describe, expect, it } from 'vitest';
import { healthcheckPage } from '../src/tools/healthchecks.tools.js';

describe('healthcheckPage', () => {
  it('JSON:API (service-healthchecks-api.md "paginated JSON:API response"): attributes flattened', () => {
    const p = healthcheckPage({
      links: { first: 'f', last: 'l', next: 'n', prev: '' },
      data: [{ type: 'Healthcheck', id: '7', attributes: { status: 'OK', subscription_id: 1 } }],
      meta: { pagination: { page: 1, pages: 2, count: 3 } },
    });
    expect(p.items).toEqual([{ id: 7, type: 'Healthcheck', status: 'OK', subscription_id: 1 }]);
    expect(p.pagination).toEqual({ page: 1, pages: 2, count: 3, has_next: true });
  });

  it('DRF {count, links.next, results} (openbridge-mcp healthchecks.py)', () => {
    const p = healthcheckPage({
      count: 4,
      links: { next: null },
      results: [{ id: 1, status: 'ERROR' }, null],
    });
    expect(p.items).toEqual([{ id: 1, status: 'ERROR' }]);
    expect(p.pagination).toEqual({ count: 4, has_next: false });
  });
});

describe('healthcheckPage (DRF edges)', () => {
  it('keeps only object rows; a count that is no number is left out; a page without links has no next', () => {
    const p = healthcheckPage({ count: '45', results: [{ id: 1 }, 7, 'x', null, [2]] });
    expect(p.items).toEqual([{ id: 1 }, [2]]);
    expect(p.pagination).toEqual({ has_next: false });
  });

  it('an empty next link is no next page; a link is', () => {
    expect(healthcheckPage({ links: { next: '' }, results: [] }).pagination).toEqual({ has_next: false });
    expect(healthcheckPage({ links: { next: 'https://x/?page=2' }, results: [] }).pagination).toEqual({
      has_next: true,
    });
  });
});

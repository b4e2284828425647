// Unit (src): search_orders page 2+ gets page 1's filters back; a changed filter or an unknown token
// without filters is refused before anything is sent.
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { PageFilterMemory } from '../../src/tools/page-filters.js';

const KEYS = ['createdAfter', 'marketplaceIds', 'orderStatuses'];
const PAGE1 = { createdAfter: '2026-03-01T00:00:00Z', marketplaceIds: ['A', 'B'], maxResultsPerPage: 5 };

function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainValidationError);
    return e as DomainValidationError;
  }
  throw new Error('expected a refusal');
}

describe('PageFilterMemory', () => {
  it('filtersOf keeps only the filter keys that were given', () => {
    const memory = new PageFilterMemory(KEYS);
    expect(memory.filtersOf({ ...PAGE1, orderStatuses: undefined, paginationToken: 't' })).toEqual({
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: ['A', 'B'],
    });
  });

  it("a token alone gets page 1's filters; page size and the token are the agent's", () => {
    const memory = new PageFilterMemory(KEYS);
    memory.remember('id1', 'tok', PAGE1);
    expect(memory.complete('id1', 'tok', { paginationToken: 'tok', maxResultsPerPage: 9 })).toEqual({
      paginationToken: 'tok',
      maxResultsPerPage: 9,
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: ['A', 'B'],
    });
  });

  it("page 1's filters sent back, arrays in any order, are accepted and go out as page 1 sent them", () => {
    const memory = new PageFilterMemory(KEYS);
    memory.remember('id1', 'tok', PAGE1);
    expect(
      memory.complete('id1', 'tok', {
        paginationToken: 'tok',
        createdAfter: '2026-03-01T00:00:00Z',
        marketplaceIds: ['B', 'A'],
      }),
    ).toEqual({ paginationToken: 'tok', createdAfter: '2026-03-01T00:00:00Z', marketplaceIds: ['A', 'B'] });
  });

  it('a changed filter is refused, naming it and page 1 value', () => {
    const memory = new PageFilterMemory(KEYS);
    memory.remember('id1', 'tok', PAGE1);
    const env = refusal(() =>
      memory.complete('id1', 'tok', {
        paginationToken: 'tok',
        createdAfter: '2026-03-01T00:00:00Z',
        marketplaceIds: ['A', 'C'],
        orderStatuses: 'Shipped',
      }),
    );
    expect(env).toMatchObject({
      code: 'INPUT_VALIDATION_FAILED',
      summary:
        'Filters must not change between pages: marketplaceIds, orderStatuses differ from the request that returned this paginationToken.',
      details: [
        {
          path: 'marketplaceIds',
          issue: 'differs from page 1 (["\\"A\\"","\\"B\\""])',
          received_type: 'array',
        },
        { path: 'orderStatuses', issue: 'differs from page 1 (not sent)', received_type: 'string' },
      ],
      hints: [
        "Send only paginationToken (the server resends page 1's filters), or the same values; to change filters start again without paginationToken.",
      ],
    });
  });

  it('a subset or a superset of an array filter is a change', () => {
    const memory = new PageFilterMemory(KEYS);
    memory.remember('id1', 'tok', PAGE1);
    expect(() => memory.complete('id1', 'tok', { paginationToken: 'tok', marketplaceIds: ['A'] })).toThrow(
      DomainValidationError,
    );
    expect(() =>
      memory.complete('id1', 'tok', { paginationToken: 'tok', marketplaceIds: ['A', 'B', 'C'] }),
    ).toThrow(DomainValidationError);
    expect(() =>
      memory.complete('id1', 'tok', { paginationToken: 'tok', createdAfter: '2026-03-02T00:00:00Z' }),
    ).toThrow(DomainValidationError);
  });

  it("another identity's token is not this identity's page", () => {
    const memory = new PageFilterMemory(KEYS);
    memory.remember('id1', 'tok', PAGE1);
    const env = refusal(() => memory.complete('id2', 'tok', { paginationToken: 'tok' }));
    expect(env).toMatchObject({
      code: 'INPUT_VALIDATION_FAILED',
      summary:
        'paginationToken must come with the filters of the request that returned it (this server did not issue it).',
      details: [
        {
          path: 'createdAfter',
          issue: 'required with paginationToken: the same value as on page 1',
          received_type: 'undefined',
        },
        {
          path: 'lastUpdatedAfter',
          issue: 'required with paginationToken: the same value as on page 1',
          received_type: 'undefined',
        },
      ],
      hints: [
        "Resend page 1's filters (createdAfter, marketplaceIds, orderStatuses) unchanged with paginationToken; only maxResultsPerPage and includedData may change.",
      ],
    });
  });

  it('an unknown token with filters goes out as the agent sent it (e.g. after a restart)', () => {
    const memory = new PageFilterMemory(KEYS);
    const args = { paginationToken: 'elsewhere', createdAfter: '2026-03-01T00:00:00Z' };
    expect(memory.complete('id1', 'elsewhere', args)).toEqual(args);
  });

  it('remembers the latest 200 tokens: the oldest is forgotten first, a re-remembered one is fresh', () => {
    const memory = new PageFilterMemory(KEYS);
    for (let i = 0; i < 200; i++) memory.remember('id1', `t${i}`, { createdAfter: `day-${i}` });
    memory.remember('id1', 't0', { createdAfter: 'day-0-again' });
    memory.remember('id1', 't200', { createdAfter: 'day-200' });
    // t1 was the oldest once t0 was refreshed.
    expect(() => memory.complete('id1', 't1', {})).toThrow(DomainValidationError);
    expect(memory.complete('id1', 't0', {})).toEqual({ createdAfter: 'day-0-again' });
    expect(memory.complete('id1', 't2', {})).toEqual({ createdAfter: 'day-2' });
    expect(memory.complete('id1', 't200', {})).toEqual({ createdAfter: 'day-200' });
  });
});

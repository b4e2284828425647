// Unit (src): how an Ads v3 mutation error reads to an agent: Amazon's reason as the code, its message, and the
// place in the submitted payload it points at as a JSON pointer (what a 207 item's `field` and detail path show).
import { describe, expect, it } from 'vitest';
import { isMutationError, pointerOf, readMutationError } from '../../src/http/mutation-error.js';

describe('pointerOf', () => {
  it('JSON paths become pointers: indexes, quoted and bare keys, with or without the leading $.', () => {
    expect(pointerOf('$.campaigns[0].budget.budget')).toBe('campaigns/0/budget/budget');
    expect(pointerOf('$campaigns[12]')).toBe('campaigns/12');
    expect(pointerOf("$.a['b c'].d")).toBe('a/b c/d');
    expect(pointerOf('$.a["x"]')).toBe('a/x');
    expect(pointerOf('$.a[b]')).toBe('a/b');
    expect(pointerOf('$.keywords[3][bid]')).toBe('keywords/3/bid');
  });

  it('a plain name stays; a $ inside a name is kept; empty segments go', () => {
    expect(pointerOf('budget')).toBe('budget');
    expect(pointerOf('x$.y')).toBe('x$/y');
    expect(pointerOf('$.a..b.')).toBe('a/b');
  });
});

describe('isMutationError', () => {
  it('is one when errorValue is an object', () => {
    expect(isMutationError({ errorValue: { entityNotFoundError: {} } })).toBe(true);
    expect(isMutationError({ errorValue: null })).toBe(false);
    expect(isMutationError({ errorValue: 'x' })).toBe(false);
    expect(isMutationError({ message: 'x' })).toBe(false);
  });
});

describe('readMutationError', () => {
  it("Amazon's reason, message and location", () => {
    expect(
      readMutationError({
        errorType: 'entityNotFoundError',
        errorValue: {
          entityNotFoundError: {
            reason: 'ENTITY_NOT_FOUND',
            message: 'Campaign not found',
            cause: { location: '$.campaigns[1].campaignId' },
          },
        },
      }),
    ).toEqual({
      code: 'ENTITY_NOT_FOUND',
      message: 'Campaign not found',
      errorType: 'entityNotFoundError',
      location: '$.campaigns[1].campaignId',
      pointer: 'campaigns/1/campaignId',
    });
  });

  it('without a reason the errorType is the code; the top-level message when the value has none', () => {
    expect(
      readMutationError({
        errorType: 'malformedValueError',
        message: 'bad',
        errorValue: { x: 'not an object' },
      }),
    ).toEqual({
      code: 'malformedValueError',
      message: 'bad',
      errorType: 'malformedValueError',
      location: undefined,
      pointer: undefined,
    });
  });

  it('blank or empty text counts as none', () => {
    expect(
      readMutationError({
        errorType: '  ',
        message: '',
        errorValue: { e: { reason: ' ', message: '\t', cause: { location: '' } } },
      }),
    ).toEqual({
      code: undefined,
      message: undefined,
      errorType: undefined,
      location: undefined,
      pointer: undefined,
    });
  });

  it('a long message is bounded', () => {
    const m = readMutationError({ errorValue: { e: { message: 'x'.repeat(1000) } } }).message ?? '';
    expect(m.length).toBeLessThanOrEqual(300);
    expect(m.startsWith('xxx')).toBe(true);
  });
});

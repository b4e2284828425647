// requireDateOrder: a backwards range is INPUT_VALIDATION_FAILED at the end argument; an equal or later end passes.
import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../src/tool/errors.js';
import { requireDateOrder } from '../src/tool/date-order.js';

const start = { path: 'date_start', value: '2025-10-05' };

describe('requireDateOrder', () => {
  it('an end on or after the start passes', () => {
    expect(() => requireDateOrder(start, { path: 'date_end', value: '2025-10-05' })).not.toThrow();
    expect(() => requireDateOrder(start, { path: 'date_end', value: '2025-10-06' })).not.toThrow();
  });

  it('an end before the start names the end, both values, and the fix', () => {
    let thrown: unknown;
    try {
      requireDateOrder(start, { path: 'date_end', value: '2025-10-01' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainValidationError);
    expect(thrown).toMatchObject({
      code: 'INPUT_VALIDATION_FAILED',
      summary: 'date_end is before date_start.',
      details: [
        {
          path: 'date_end',
          issue: 'date_end 2025-10-01 is before date_start 2025-10-05',
          received_type: 'string',
        },
      ],
      hints: ['Send date_end on or after 2025-10-05 (date_start).'],
    });
  });
});

// Unit (src): the Orders date rules an agent meets before anything is sent: which dates may be combined,
// which start is required, end not before start, and an end at least two minutes old.
import { DomainValidationError } from '@obmcp/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkOrderDates } from '../../src/tools/order-date-rules.js';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;

/** The refusal the agent reads: summary, each detail, the hint. */
function refusal(args: Record<string, unknown>, requireStart = true) {
  try {
    checkOrderDates(args, requireStart);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainValidationError);
    const { code, summary, details, hints } = e as DomainValidationError;
    return { code, summary, details, hints };
  }
  throw new Error('expected a refusal');
}

describe('checkOrderDates', () => {
  it('accepts a start alone, and a start with an end older than two minutes', () => {
    expect(() => checkOrderDates({ createdAfter: ago(HOUR) }, true)).not.toThrow();
    expect(() =>
      checkOrderDates({ lastUpdatedAfter: ago(HOUR), lastUpdatedBefore: ago(3 * 60_000) }, true),
    ).not.toThrow();
    expect(() =>
      checkOrderDates({ createdAfter: ago(HOUR), createdBefore: ago(3 * 60_000) }, true),
    ).not.toThrow();
  });

  it('refuses created and lastUpdated dates together, naming each and what it excludes', () => {
    expect(refusal({ createdAfter: ago(HOUR), lastUpdatedAfter: ago(HOUR), lastUpdatedBefore: 5 })).toEqual({
      code: 'INPUT_VALIDATION_FAILED',
      summary:
        'createdAfter, lastUpdatedAfter, lastUpdatedBefore cannot be combined: filter by creation dates or by last-update dates, not both.',
      details: [
        {
          path: 'createdAfter',
          issue: 'createdAfter excludes lastUpdatedAfter and lastUpdatedBefore',
          received_type: 'string',
        },
        {
          path: 'lastUpdatedAfter',
          issue: 'lastUpdatedAfter excludes createdAfter and createdBefore',
          received_type: 'string',
        },
        {
          path: 'lastUpdatedBefore',
          issue: 'lastUpdatedBefore excludes createdAfter and createdBefore',
          received_type: 'number',
        },
      ],
      hints: [
        'Send createdAfter (optionally createdBefore), or lastUpdatedAfter (optionally lastUpdatedBefore).',
      ],
    });
  });

  it('an end date of one kind with a start of the other is a mix too', () => {
    expect(refusal({ createdBefore: ago(HOUR), lastUpdatedAfter: ago(2 * HOUR) }).summary).toBe(
      'createdBefore, lastUpdatedAfter cannot be combined: filter by creation dates or by last-update dates, not both.',
    );
  });

  it('without a start (when one is required) names both starts', () => {
    expect(refusal({ createdBefore: ago(HOUR) })).toEqual({
      code: 'INPUT_VALIDATION_FAILED',
      summary: 'Provide createdAfter or lastUpdatedAfter.',
      details: [
        { path: 'createdAfter', issue: 'exactly one of these is required', received_type: 'undefined' },
        { path: 'lastUpdatedAfter', issue: 'exactly one of these is required', received_type: 'undefined' },
      ],
      hints: ['Required: createdAfter or lastUpdatedAfter (ISO 8601, e.g. 2026-03-01T00:00:00Z).'],
    });
    // get_orders with other filters (e.g. order ids) may omit the start.
    expect(() => checkOrderDates({ createdBefore: ago(HOUR) }, false)).not.toThrow();
    expect(() => checkOrderDates({}, false)).not.toThrow();
  });

  for (const [after, before] of [
    ['createdAfter', 'createdBefore'],
    ['lastUpdatedAfter', 'lastUpdatedBefore'],
  ] as const) {
    it(`${before} earlier than ${after} is refused; equal is accepted`, () => {
      const start = '2026-03-02T00:00:00Z';
      expect(refusal({ [after]: start, [before]: '2026-03-01T23:59:59Z' })).toEqual({
        code: 'INPUT_VALIDATION_FAILED',
        summary: `${before} must be equal to or after ${after}.`,
        details: [{ path: before, issue: `earlier than ${after} (${start})`, received_type: 'string' }],
        hints: [`Send a ${before} at or after ${after}, or leave ${before} out.`],
      });
      expect(() => checkOrderDates({ [after]: start, [before]: start }, true)).not.toThrow();
    });

    it(`${before} under two minutes old is refused (both sides of the edge)`, () => {
      expect(refusal({ [after]: ago(HOUR), [before]: ago(100_000) })).toEqual({
        code: 'INPUT_VALIDATION_FAILED',
        summary: `${before} must be at least two minutes before now.`,
        details: [
          {
            path: before,
            issue: 'later than two minutes before the time of the request',
            received_type: 'string',
          },
        ],
        hints: [`Leave ${before} out to get everything up to about two minutes ago.`],
      });
      // In the future too, even with no start (get_orders by other filters).
      expect(refusal({ [before]: new Date(Date.now() + HOUR).toISOString() }, false).summary).toBe(
        `${before} must be at least two minutes before now.`,
      );
      expect(() => checkOrderDates({ [after]: ago(HOUR), [before]: ago(140_000) }, true)).not.toThrow();
    });
  }

  it('an end exactly two minutes before now is accepted; a millisecond later is refused', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-10T12:00:00.000Z') });
    expect(() =>
      checkOrderDates(
        { createdAfter: '2026-03-10T00:00:00Z', createdBefore: '2026-03-10T11:58:00.000Z' },
        true,
      ),
    ).not.toThrow();
    expect(() =>
      checkOrderDates(
        { createdAfter: '2026-03-10T00:00:00Z', createdBefore: '2026-03-10T11:58:00.001Z' },
        true,
      ),
    ).toThrow('createdBefore must be at least two minutes before now.');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a value the schema would refuse (not a string) is left to the schema, not read as a date', () => {
    expect(() =>
      checkOrderDates(
        { createdAfter: ago(HOUR), createdBefore: [new Date(Date.now() + HOUR).toISOString()] },
        true,
      ),
    ).not.toThrow();
  });

  it('a value that is not an ISO date-time is left to the upstream (the sandbox sends TEST_CASE_200)', () => {
    expect(() =>
      checkOrderDates({ createdAfter: 'TEST_CASE_200', createdBefore: 'TEST_CASE_200' }, true),
    ).not.toThrow();
    // A date without a time, or a date-time that does not parse, is not judged here either.
    expect(() =>
      checkOrderDates({ createdAfter: ago(HOUR), createdBefore: '2999-01-01' }, true),
    ).not.toThrow();
    expect(() =>
      checkOrderDates({ createdAfter: ago(HOUR), createdBefore: '2999-99-99T00:00:00Z' }, true),
    ).not.toThrow();
    expect(() =>
      checkOrderDates({ createdAfter: ago(HOUR), createdBefore: 'x2999-01-01T00:00:00Z' }, true),
    ).not.toThrow();
    // A non-date start does not hide a too-recent end.
    expect(refusal({ createdAfter: 'TEST_CASE_200', createdBefore: ago(1000) }).summary).toBe(
      'createdBefore must be at least two minutes before now.',
    );
  });
});

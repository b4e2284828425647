// Unit (src): the Sales API interval an agent's dates become: local midnights with the zone's offset
// (daylight saving, half-hour zones, east and west of UTC), aligned offsets, and the refusals.
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { salesInterval } from '../../src/tools/sales-interval.js';

function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainValidationError);
    const { code, summary, details, hints } = e as DomainValidationError;
    expect(code).toBe('INPUT_VALIDATION_FAILED');
    return { summary, details, hints };
  }
  throw new Error('expected a refusal');
}

describe('salesInterval', () => {
  it('calendar dates in UTC (the default) use Z', () => {
    expect(salesInterval('2026-03-01', '2026-04-01', undefined)).toEqual({
      interval: '2026-03-01T00:00:00Z--2026-04-01T00:00:00Z',
      timeZone: 'UTC',
    });
  });

  it('a zone at UTC+0 that is not UTC writes +00:00', () => {
    expect(salesInterval('2026-01-10', '2026-01-11', 'Europe/London').interval).toBe(
      '2026-01-10T00:00:00+00:00--2026-01-11T00:00:00+00:00',
    );
  });

  it('local midnights follow daylight saving east and west of UTC', () => {
    expect(salesInterval('2026-03-29', '2026-03-30', 'Europe/Berlin').interval).toBe(
      '2026-03-29T00:00:00+01:00--2026-03-30T00:00:00+02:00',
    );
    expect(salesInterval('2026-10-25', '2026-10-26', 'Europe/Berlin').interval).toBe(
      '2026-10-25T00:00:00+02:00--2026-10-26T00:00:00+01:00',
    );
    expect(salesInterval('2026-03-08', '2026-03-09', 'US/Pacific').interval).toBe(
      '2026-03-08T00:00:00-08:00--2026-03-09T00:00:00-07:00',
    );
    expect(salesInterval('2026-11-01', '2026-11-02', 'America/New_York').interval).toBe(
      '2026-11-01T00:00:00-04:00--2026-11-02T00:00:00-05:00',
    );
  });

  it('a switch between local midnight and UTC midnight: the offset is the one at local midnight', () => {
    // Sydney leaves summer time at 03:00 on 2026-04-05 and enters it at 02:00 on 2026-10-04: local midnight is
    // still on the old offset, UTC midnight (10:00 or 11:00 local) already on the new one.
    expect(salesInterval('2026-04-05', '2026-04-06', 'Australia/Sydney').interval).toBe(
      '2026-04-05T00:00:00+11:00--2026-04-06T00:00:00+10:00',
    );
    expect(salesInterval('2026-10-04', '2026-10-05', 'Australia/Sydney').interval).toBe(
      '2026-10-04T00:00:00+10:00--2026-10-05T00:00:00+11:00',
    );
  });

  it('half-hour offsets keep their minutes, on both sides of UTC', () => {
    expect(salesInterval('2026-03-01', '2026-03-02', 'Asia/Kolkata').interval).toBe(
      '2026-03-01T00:00:00+05:30--2026-03-02T00:00:00+05:30',
    );
    expect(salesInterval('2026-01-01', '2026-01-02', 'America/St_Johns').interval).toBe(
      '2026-01-01T00:00:00-03:30--2026-01-02T00:00:00-03:30',
    );
    expect(salesInterval('2026-01-01', '2026-01-02', 'Asia/Kathmandu').interval).toBe(
      '2026-01-01T00:00:00+05:45--2026-01-02T00:00:00+05:45',
    );
  });

  it('date-times whose offset is the zone offset then are sent as given; a date and a date-time mix', () => {
    expect(salesInterval('2026-03-01T06:00:00-08:00', '2026-03-02', 'US/Pacific').interval).toBe(
      '2026-03-01T06:00:00-08:00--2026-03-02T00:00:00-08:00',
    );
    expect(salesInterval('2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', undefined).interval).toBe(
      '2026-03-01T10:00:00Z--2026-03-01T11:00:00Z',
    );
  });

  it('an offset the zone does not have then is refused with the offset to use', () => {
    expect(refusal(() => salesInterval('2026-03-01T00:00:00Z', '2026-03-02', 'US/Pacific'))).toEqual({
      summary: 'startDate uses offset Z but US/Pacific is at -08:00 then; the Sales API needs them aligned.',
      details: [
        {
          path: 'startDate',
          issue:
            'startDate uses offset Z but US/Pacific is at -08:00 then; the Sales API needs them aligned.',
          received_type: 'string',
        },
      ],
      hints: [
        'Use timeZone matching the offset, pass calendar dates (YYYY-MM-DD), or write startDate with -08:00.',
      ],
    });
    // UTC is written Z, not +00:00; and a summer date-time needs the summer offset.
    expect(refusal(() => salesInterval('2026-03-01', '2026-03-02T00:00:00+00:00', 'UTC')).summary).toBe(
      'endDate uses offset +00:00 but UTC is at Z then; the Sales API needs them aligned.',
    );
    expect(
      refusal(() => salesInterval('2026-07-01T00:00:00+01:00', '2026-07-02', 'Europe/Berlin')).summary,
    ).toBe(
      'startDate uses offset +01:00 but Europe/Berlin is at +02:00 then; the Sales API needs them aligned.',
    );
  });

  it('a value that is neither a date nor a date-time with an offset is refused', () => {
    for (const bad of ['2026-03-01T00:00:00', '2026-3-1', 'yesterday', '2026-13-45T00:00:00Z'])
      expect(refusal(() => salesInterval(bad, '2026-04-01', undefined))).toEqual({
        summary: 'startDate must be a date (YYYY-MM-DD) or a date-time with Z or an offset.',
        details: [
          {
            path: 'startDate',
            issue: 'startDate must be a date (YYYY-MM-DD) or a date-time with Z or an offset.',
            received_type: 'string',
          },
        ],
        hints: ['e.g. 2026-03-01 or 2026-03-01T00:00:00-08:00'],
      });
    expect(refusal(() => salesInterval('2026-03-01', 'x2026-04-01', undefined)).details[0]?.path).toBe(
      'endDate',
    );
  });

  it('an unknown time zone is refused', () => {
    expect(refusal(() => salesInterval('2026-03-01', '2026-04-01', 'Mars/Olympus'))).toEqual({
      summary: 'timeZone Mars/Olympus is not an IANA time zone.',
      details: [
        {
          path: 'timeZone',
          issue: 'timeZone Mars/Olympus is not an IANA time zone.',
          received_type: 'string',
        },
      ],
      hints: ['e.g. UTC, US/Pacific, Europe/Berlin'],
    });
  });

  it('the end must be after the start (end exclusive): equal or earlier is refused', () => {
    const expected = {
      summary: 'endDate must be later than startDate (endDate is exclusive).',
      details: [
        {
          path: 'endDate',
          issue: 'endDate must be later than startDate (endDate is exclusive).',
          received_type: 'string',
        },
      ],
      hints: ['e.g. startDate 2026-03-01, endDate 2026-04-01'],
    };
    expect(refusal(() => salesInterval('2026-03-01', '2026-03-01', undefined))).toEqual(expected);
    expect(refusal(() => salesInterval('2026-03-02', '2026-03-01', 'US/Pacific'))).toEqual(expected);
    expect(salesInterval('2026-03-01T00:00:00Z', '2026-03-01T00:00:01Z', 'UTC').interval).toBe(
      '2026-03-01T00:00:00Z--2026-03-01T00:00:01Z',
    );
  });
});

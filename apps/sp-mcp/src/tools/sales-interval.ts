// The Sales API interval rules (sales.json getOrderMetrics): `start--end` in absolute time, and a
// granularityTimeZone whose offset matches the interval's (Z notation ⇔ UTC). Calendar dates become
// local midnights of the time zone, so day boundaries are the seller's, daylight saving included.
import { DomainValidationError } from '@obmcp/contract';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

function invalid(path: string, summary: string, hint: string): DomainValidationError {
  return new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary,
    details: [{ path, issue: summary, received_type: 'string' }],
    hints: [hint],
  });
}

/** The zone's UTC offset in minutes at an instant (throws on an unknown IANA name). */
function offsetMinutes(timeZone: string, at: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number, timeZone: string): string {
  // UTC is always at offset 0, written Z; another zone at offset 0 (Europe/London in winter) is +00:00.
  if (timeZone === 'UTC') return 'Z';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** `YYYY-MM-DD` → that day's local midnight in the zone, with the zone's offset at that moment. */
function localMidnight(date: string, timeZone: string): string {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const guess = offsetMinutes(timeZone, utcMidnight);
  const offset = offsetMinutes(timeZone, utcMidnight - guess * 60_000);
  return `${date}T00:00:00${formatOffset(offset, timeZone)}`;
}

/** A date-time's own offset must be the zone's offset at that instant (the API rejects a mismatch). */
function checkAligned(path: string, value: string, timeZone: string): string {
  const notation = OFFSET.exec(value)?.[1];
  if (notation === undefined || Number.isNaN(Date.parse(value)))
    throw invalid(
      path,
      `${path} must be a date (YYYY-MM-DD) or a date-time with Z or an offset.`,
      'e.g. 2026-03-01 or 2026-03-01T00:00:00-08:00',
    );
  const expected = formatOffset(offsetMinutes(timeZone, Date.parse(value)), timeZone);
  if (notation !== expected)
    throw invalid(
      path,
      `${path} uses offset ${notation} but ${timeZone} is at ${expected} then; the Sales API needs them aligned.`,
      `Use timeZone matching the offset, pass calendar dates (YYYY-MM-DD), or write ${path} with ${expected}.`,
    );
  return value;
}

export interface SalesInterval {
  interval: string;
  timeZone: string;
}

/** Builds the `interval` value from two calendar dates or absolute date-times (end exclusive). */
export function salesInterval(
  startDate: string,
  endDate: string,
  timeZone: string | undefined,
): SalesInterval {
  const zone = timeZone ?? 'UTC';
  try {
    offsetMinutes(zone, 0);
  } catch {
    throw invalid(
      'timeZone',
      `timeZone ${zone} is not an IANA time zone.`,
      'e.g. UTC, US/Pacific, Europe/Berlin',
    );
  }
  const edge = (path: string, value: string) =>
    DATE.test(value) ? localMidnight(value, zone) : checkAligned(path, value, zone);
  const start = edge('startDate', startDate);
  const end = edge('endDate', endDate);
  if (Date.parse(end) <= Date.parse(start))
    throw invalid(
      'endDate',
      'endDate must be later than startDate (endDate is exclusive).',
      'e.g. startDate 2026-03-01, endDate 2026-04-01',
    );
  return { interval: `${start}--${end}`, timeZone: zone };
}

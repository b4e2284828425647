// The Sales API's interval rules (sales.json getOrderMetrics parameter descriptions) and its buckets: one
// per granularity unit, whole units in granularityTimeZone (so the first and last may hold partial data,
// as the model says), each written as Amazon writes them (`2018-05-01T00:00-07:00--2018-05-02T00:00-07:00`).
import { DateTime, type DurationLikeObject, IANAZone } from 'luxon';
import { FIXTURE_NOW } from './data/orders.js';

export type Granularity = 'Hour' | 'Day' | 'Week' | 'Month' | 'Year' | 'Total';

export interface SalesWindow {
  start: DateTime;
  end: DateTime;
  /** The zone buckets are cut in: granularityTimeZone, else the interval's own offset. */
  zone: string;
  /** The interval was written in Z notation (buckets are too). */
  zulu: boolean;
}

/** An absolute ISO 8601 date-time: Z or an offset is required ("must represent absolute time"). */
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const UTC_NAMES = new Set(['UTC', 'Etc/UTC']);
const HOUR_LIMIT_DAYS = 30;
const OTHER_LIMIT_YEARS = 2;

/** "now" of the Sales rules: the fixture's present (data/orders.ts). */
export const fixtureNow = (): DateTime => DateTime.fromISO(FIXTURE_NOW, { zone: 'utc' });

function parseEdge(raw: string): DateTime | undefined {
  if (!ABSOLUTE.test(raw)) return undefined;
  const at = DateTime.fromISO(raw, { setZone: true });
  return at.isValid ? at : undefined;
}

/**
 * Checks `interval`, `granularity` and `granularityTimeZone` as the parameter descriptions state them
 * ("from now" measured from `now`); a message for the 400, else the window.
 */
export function salesWindow(
  interval: string,
  granularity: Granularity,
  timeZone: string | null,
  now: DateTime,
): SalesWindow | string {
  const parts = interval.split('--');
  const [start, end] = parts.map(parseEdge);
  if (parts.length !== 2 || !start || !end)
    return 'interval must be two ISO 8601 date-times with Z or an offset, separated by two hyphens (start--end).';
  if (end.toMillis() <= start.toMillis())
    return 'The end of the interval must be later than its start (the end is exclusive).';
  // "granularity=Hour results in a successful request only if the interval specified is less than or equal
  // to 30 days from now. For all other granularities, the interval specified must be less or equal to
  // 2 years from now." Read both ways: the interval reaches back at most that far from now, and spans at
  // most that much.
  const limit = granularity === 'Hour' ? { days: HOUR_LIMIT_DAYS } : { years: OTHER_LIMIT_YEARS };
  const within = granularity === 'Hour' ? `${HOUR_LIMIT_DAYS} days` : `${OTHER_LIMIT_YEARS} years`;
  const prefix = granularity === 'Hour' ? 'With granularity Hour the interval' : 'The interval';
  if (start.toMillis() < now.minus(limit).toMillis())
    return `${prefix} must start at most ${within} before now (${now.toISO()}).`;
  if (end.toMillis() > start.plus(limit).toMillis()) return `${prefix} may span at most ${within}.`;
  const zulu = interval.split('--').every((edge) => edge.endsWith('Z'));
  if (timeZone === null) {
    if (granularity !== 'Hour')
      return 'granularityTimeZone is required when granularity is greater than Hour.';
    return { start, end, zone: start.zone.name, zulu };
  }
  if (!IANAZone.isValidZone(timeZone)) return `granularityTimeZone ${timeZone} is not an IANA time zone.`;
  if (zulu && !UTC_NAMES.has(timeZone))
    return 'The interval uses Z notation, so granularityTimeZone must be UTC.';
  for (const edge of [start, end]) {
    if (edge.setZone(timeZone).offset !== edge.offset)
      return `granularityTimeZone ${timeZone} does not match the offset ${edge.toFormat('ZZ')} of the interval at ${edge.toISO()}.`;
  }
  return { start, end, zone: timeZone, zulu };
}

/** The start of the granularity unit containing `at`, in the window's zone. */
function unitStart(at: DateTime, granularity: Granularity, firstDayOfWeek: 'Monday' | 'Sunday'): DateTime {
  switch (granularity) {
    case 'Hour':
      return at.startOf('hour');
    case 'Day':
      return at.startOf('day');
    case 'Week': {
      const day = at.startOf('day');
      // Luxon weekdays: Monday 1 … Sunday 7.
      return day.minus({ days: firstDayOfWeek === 'Sunday' ? day.weekday % 7 : day.weekday - 1 });
    }
    case 'Month':
      return at.startOf('month');
    default:
      return at.startOf('year');
  }
}

const STEP: Record<Exclude<Granularity, 'Total'>, DurationLikeObject> = {
  Hour: { hours: 1 },
  Day: { days: 1 },
  Week: { weeks: 1 },
  Month: { months: 1 },
  Year: { years: 1 },
};

/** The buckets covering the window: whole units (Total: the window itself). */
export function salesBuckets(
  window: SalesWindow,
  granularity: Granularity,
  firstDayOfWeek: 'Monday' | 'Sunday',
): Array<[DateTime, DateTime]> {
  const start = window.start.setZone(window.zone);
  const end = window.end.setZone(window.zone);
  if (granularity === 'Total') return [[start, end]];
  const out: Array<[DateTime, DateTime]> = [];
  for (let at = unitStart(start, granularity, firstDayOfWeek); at.toMillis() < end.toMillis(); ) {
    const next = at.plus(STEP[granularity]);
    out.push([at, next]);
    at = next;
  }
  return out;
}

/** `2018-05-01T00:00-07:00--2018-05-02T00:00-07:00` (Z when the interval was written in Z). */
export function bucketLabel([from, to]: [DateTime, DateTime], zulu: boolean): string {
  const edge = (at: DateTime) => `${at.toFormat("yyyy-MM-dd'T'HH:mm")}${zulu ? 'Z' : at.toFormat('ZZ')}`;
  return `${edge(from)}--${edge(to)}`;
}

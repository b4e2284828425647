// Numbers, money, percent and dates as the user reads them in the host's locale and time zone.
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLocale,
  currentTimeZone,
  formatCell,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRatio,
  setLocale,
  setTimeZone,
} from '../src/shared/format.js';
import type { Column } from '../src/shared/view-model.js';

afterEach(() => {
  setLocale(undefined);
  setTimeZone(undefined);
});

const col = (kind: Column['kind'], currency?: string): Column => ({
  key: 'k',
  label: 'K',
  kind,
  ...(currency ? { currency } : {}),
});

describe('the host locale and zone', () => {
  it('are remembered until the host changes them', () => {
    setLocale('fr-FR');
    setTimeZone('Europe/Paris');
    expect(currentLocale()).toBe('fr-FR');
    expect(currentTimeZone()).toBe('Europe/Paris');
    setLocale(undefined);
    expect(currentLocale()).toBeUndefined();
  });

  it('a locale the browser does not know falls back to its own, not to a blank view', () => {
    setLocale('not a locale!');
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat(undefined).format(1234.5));
    expect(formatDate('2026-03-01')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date('2026-03-01T00:00:00Z'),
      ),
    );
  });

  it('an unknown time zone: the instant is shown in UTC, with its time', () => {
    setLocale('en-US');
    setTimeZone('Mars/Olympus_Mons');
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('Mar 5, 2026, 10:15 AM');
  });
});

describe('numbers', () => {
  it('two decimals at most by default, grouped by the locale', () => {
    setLocale('en-US');
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    setLocale('de-DE');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });

  it('money in its currency, compact when asked; no currency: a plain number', () => {
    setLocale('en-US');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1_234_567, 'USD', true)).toBe('$1.2M');
    expect(formatMoney(1234.5, undefined)).toBe('1,234.5');
    expect(formatMoney(1234.5, '')).toBe('1,234.5');
    setLocale('de-DE');
    expect(formatMoney(1234.5, 'EUR')).toBe('1.234,50\u00a0€');
  });

  it('a currency code Intl refuses still shows the amount, with the code after it', () => {
    setLocale('en-US');
    expect(formatMoney(10, 'NOT-A-CODE')).toBe('10 NOT-A-CODE');
  });

  it('percent from 0–100, one decimal at most; ratio with two decimals and ×', () => {
    setLocale('en-US');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(12.345, 2)).toBe('12.35%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatRatio(4.2)).toBe('4.20×');
    expect(formatRatio(4.219)).toBe('4.22×');
  });
});

describe('dates', () => {
  it('a calendar day is never shifted by the host zone', () => {
    setLocale('en-US');
    setTimeZone('Pacific/Honolulu');
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    setTimeZone('Pacific/Kiritimati');
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('a date-shaped string that is no day is shown as written', () => {
    expect(formatDate('2026-13-45')).toBe('2026-13-45');
    expect(formatDate('2026-02-30T25:99')).toBe('2026-02-30T25:99');
  });

  it('an instant with an offset is shown in the host zone; without a host zone, in UTC', () => {
    setLocale('en-US');
    expect(formatDate('2026-03-05T10:15:00+02:00')).toBe('Mar 5, 2026, 8:15 AM');
    expect(formatDate('2026-03-05T10:15:00+0200')).toBe('Mar 5, 2026, 8:15 AM');
    expect(formatDate('2026-03-05T10:15:00z')).toBe('Mar 5, 2026, 10:15 AM');
    setTimeZone('Asia/Kolkata');
    expect(formatDate('2026-03-05T10:15:00-05:00')).toBe('Mar 5, 2026, 8:45 PM');
  });

  it('a date-time without an offset keeps its wall-clock time in any host zone (the audit case)', () => {
    setLocale('en-US');
    setTimeZone('Asia/Tokyo');
    expect(formatDate('2026-03-01 00:00')).toBe('Mar 1, 2026, 12:00 AM');
    expect(formatDate('2026-03-01T23:30:00')).toBe('Mar 1, 2026, 11:30 PM');
    setTimeZone('America/Los_Angeles');
    expect(formatDate('2026-03-01T23:30:00.000')).toBe('Mar 1, 2026, 11:30 PM');
  });

  it('anything that is not a date is shown as written', () => {
    expect(formatDate('Week 9')).toBe('Week 9');
    expect(formatDate('x2026-03-01')).toBe('x2026-03-01');
    expect(formatDate('2026-03-01x')).toBe('2026-03-01x');
    expect(formatDate('20260301')).toBe('20260301');
  });
});

describe('formatCell', () => {
  it('each kind as it reads: money, percent, ratio, number, date, text; a missing value as a dash', () => {
    setLocale('en-US');
    expect(formatCell(null, col('money', 'USD'))).toBe('—');
    expect(formatCell(9.5, col('money', 'GBP'))).toBe('£9.50');
    expect(formatCell(9.5, col('percent'))).toBe('9.5%');
    expect(formatCell(9.5, col('ratio'))).toBe('9.50×');
    expect(formatCell(1234.567, col('number'))).toBe('1,234.57');
    expect(formatCell(1234.567, col('text'))).toBe('1,234.57');
    expect(formatCell(1234.567, col('date'))).toBe('1,234.57');
    expect(formatCell('2026-03-01', col('date'))).toBe('Mar 1, 2026');
    expect(formatCell('2026-03-01', col('text'))).toBe('2026-03-01');
    expect(formatCell('12', col('money', 'USD'))).toBe('12');
  });
});

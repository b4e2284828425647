// Number, money, percent and date display in the host's locale and time zone (Intl only, no library).
import type { Cell, Column } from './view-model.js';

let locale: string | undefined;
let timeZone: string | undefined;

export function setLocale(value: string | undefined): void {
  locale = value;
}

/** The host's IANA time zone: date-times are shown in it (a date alone is a calendar day and is not shifted). */
export function setTimeZone(value: string | undefined): void {
  timeZone = value;
}

export const currentLocale = (): string | undefined => locale;
export const currentTimeZone = (): string | undefined => timeZone;

const numberFormat = (options: Intl.NumberFormatOptions) => {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat(undefined, options);
  }
};

export function formatNumber(value: number, digits = 2): string {
  return numberFormat({ maximumFractionDigits: digits }).format(value);
}

export function formatMoney(value: number, currency: string | undefined, compact = false): string {
  if (!currency) return formatNumber(value);
  try {
    return numberFormat(
      compact ? { style: 'currency', currency, notation: 'compact' } : { style: 'currency', currency },
    ).format(value);
  } catch {
    return `${formatNumber(value)} ${currency}`;
  }
}

/** A percentage given as 0–100 (ACOS 20 → "20%", "20 %" in de-DE: the locale decides the space). */
export function formatPercent(value: number, digits = 1): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}

/** A multiple (ROAS 4.2 → "4.20×"). */
export const formatRatio = (value: number): string =>
  `${numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const dateFormat = (options: Intl.DateTimeFormatOptions) => {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone: options.timeZone ? 'UTC' : undefined });
  }
};

/**
 * A date or date-time string as the user reads it: a calendar day ("2026-03-01") in the locale's short form, an
 * instant ("2026-03-05T10:15:00Z") in the host's time zone with the time. Anything else is shown as written.
 */
export function formatDate(value: string): string {
  if (DAY.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? value : dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(d);
  }
  if (DATE_TIME.test(value)) {
    // A local date-time without an offset ("2026-03-01 00:00") is a wall-clock time: shown as written, not shifted.
    const zoned = /([zZ]|[+-]\d{2}:?\d{2})$/.test(value);
    const d = new Date(zoned ? value : `${value.replace(' ', 'T')}Z`);
    if (Number.isNaN(d.getTime())) return value;
    return dateFormat({
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zoned ? (timeZone ?? 'UTC') : 'UTC',
    }).format(d);
  }
  return value;
}

export function formatCell(value: Cell, column: Column): string {
  if (value === null) return '—';
  if (typeof value === 'number') {
    if (column.kind === 'money') return formatMoney(value, column.currency);
    if (column.kind === 'percent') return formatPercent(value);
    if (column.kind === 'ratio') return formatRatio(value);
    return formatNumber(value);
  }
  if (column.kind === 'date') return formatDate(value);
  return value;
}

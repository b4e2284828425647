// Number, money, percent and date display in the host's locale (Intl only, no library).
import type { Cell, Column } from './view-model.js';

let locale: string | undefined;

export function setLocale(value: string | undefined): void {
  locale = value;
}

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

export function formatCell(value: Cell, column: Column): string {
  if (value === null) return '—';
  if (typeof value === 'number') {
    if (column.kind === 'money') return formatMoney(value, column.currency);
    if (column.kind === 'percent') return `${formatNumber(value, 1)} %`;
    return formatNumber(value);
  }
  return value;
}

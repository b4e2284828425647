// Percentiles and formatting for the bench tables.
export function pct(samples, p) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}
export const ms = (v) => v.toFixed(2);
export const us = (v) => v.toFixed(1);

// Percentiles, child CPU time and formatting for the bench tables.
import { readFileSync } from 'node:fs';

export function pct(samples, p) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}
export const ms = (v) => v.toFixed(2);
export const us = (v) => v.toFixed(1);
/** A difference with its sign (+ or −), formatted by `fmt`. */
export const signed = (v, fmt) => `${v >= 0 ? '+' : '−'}${fmt(Math.abs(v))}`;

/** CPU time (user + system, all threads) a child process has used so far, in ms (USER_HZ 100); NaN off Linux. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return Number.NaN;
  }
}

// RFC 9110 §10.2.3 Retry-After: delta-seconds (decimals accepted) or an HTTP-date → seconds ≥ 0.
const DELTA = /^\s*(\d+(?:\.\d+)?)\s*$/;

export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const delta = DELTA.exec(trimmed);
  if (delta?.[1] !== undefined) {
    const seconds = Number(delta[1]);
    return Number.isFinite(seconds) ? seconds : undefined;
  }
  // HTTP-date (IMF-fixdate, and the obsolete RFC 850 / asctime forms Date.parse understands).
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.round((at - now) / 100) / 10);
}

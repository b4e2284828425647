// RFC 9110 §10.2.3 Retry-After: delta-seconds (decimals accepted) or an HTTP-date → seconds ≥ 0.
const DELTA = /^\s*(\d+(?:\.\d+)?)\s*$/;
/** RFC 9110 §5.6.7: IMF-fixdate, obsolete RFC 850 and asctime (which is GMT but carries no zone). */
const IMF_FIXDATE = /^[a-z]{3},\s+\d{1,2}\s+[a-z]{3}\s+\d{4}\s+\d{2}:\d{2}:\d{2}\s+GMT$/i;
const RFC_850 = /^[a-z]{6,9},\s+\d{2}-[a-z]{3}-\d{2}\s+\d{2}:\d{2}:\d{2}\s+GMT$/i;
const ASCTIME = /^[a-z]{3}\s+[a-z]{3}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+\d{4}$/i;

function parseHttpDate(text: string): number {
  if (IMF_FIXDATE.test(text) || RFC_850.test(text)) return Date.parse(text);
  if (ASCTIME.test(text)) return Date.parse(`${text} GMT`);
  return Number.NaN;
}

export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const delta = DELTA.exec(trimmed);
  if (delta?.[1] !== undefined) {
    const seconds = Number(delta[1]);
    return Number.isFinite(seconds) ? seconds : undefined;
  }
  // Only the three HTTP-date forms: Date.parse alone accepts prose ("retry in 5" → a 2001 date → 0).
  const at = parseHttpDate(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.round((at - now) / 100) / 10);
}

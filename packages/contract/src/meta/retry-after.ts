// RFC 9110 §10.2.3 Retry-After: delta-seconds (decimals accepted) or an HTTP-date → seconds ≥ 0.
// The patterns live inside the functions (not module constants) so that a mutant of them reaches every call.

function parseHttpDate(text: string): number {
  // RFC 9110 §5.6.7: IMF-fixdate, obsolete RFC 850 and asctime (which is GMT but carries no zone).
  const imfFixdate = /^[a-z]{3},\s+\d{1,2}\s+[a-z]{3}\s+\d{4}\s+\d{2}:\d{2}:\d{2}\s+GMT$/i;
  const rfc850 = /^[a-z]{6,9},\s+\d{2}-[a-z]{3}-\d{2}\s+\d{2}:\d{2}:\d{2}\s+GMT$/i;
  const asctime = /^[a-z]{3}\s+[a-z]{3}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+\d{4}$/i;
  if (imfFixdate.test(text) || rfc850.test(text)) return Date.parse(text);
  if (asctime.test(text)) return Date.parse(`${text} GMT`);
  return Number.NaN;
}

export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  const delta = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(trimmed);
  if (delta?.[1] !== undefined) {
    const seconds = Number(delta[1]);
    return Number.isFinite(seconds) ? seconds : undefined;
  }
  // Only the three HTTP-date forms: Date.parse alone accepts prose ("retry in 5" → a 2001 date → 0).
  const at = parseHttpDate(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.round((at - now) / 100) / 10);
}

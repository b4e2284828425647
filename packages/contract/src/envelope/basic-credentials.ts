// URL userinfo sent on the wire: an HTTP Basic value (`Basic base64(user:password)`) echoed by an upstream is never shown.

/** `Basic` then a base64 token (the scheme is case-insensitive, RFC 7617). */
const BASIC = /\b(Basic)(\s+)([A-Za-z0-9+/]{4,}={0,2})(?![A-Za-z0-9+/=])/gi;

/** True when `token` is base64 of `user:password` (printable text with a colon), not an ordinary word. */
function isUserPass(token: string): boolean {
  if (token.length % 4 !== 0) return false;
  const decoded = Buffer.from(token, 'base64').toString('latin1');
  return decoded.includes(':') && /^[\x20-\x7e\xa0-\xff]+$/.test(decoded);
}

/**
 * `Basic cHJveHk6cHc=` → `Basic [redacted]` wherever it appears (an upstream echoing request headers,
 * a log line): the value is the proxy or token-endpoint credentials of a configured URL.
 */
export function redactBasicCredentials(text: string): string {
  if (!/basic/i.test(text)) return text;
  return text.replace(BASIC, (match, scheme: string, space: string, token: string) =>
    isUserPass(token) ? `${scheme}${space}[redacted]` : match,
  );
}

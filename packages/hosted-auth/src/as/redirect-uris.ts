// Which redirect URIs a client may register (OAuth 2.1 §2.3.1 / §8.4.2) and the exact-match rule.

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** https anywhere; http only to a loopback host (native apps); a private-use scheme (`vscode:`, `cursor:`); never a fragment. */
export function isAcceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#')) return false;
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return LOOPBACK.has(url.hostname);
  // A private-use scheme (RFC 8252 §7.1) names an app, not a web origin; scripts and data never.
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$|^(vscode|vscode-insiders|cursor|claude|windsurf):$/.test(
    url.protocol,
  );
}

/** Exact string comparison, as OAuth 2.1 §4.1.3 requires (no prefix, no normalization). */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  return registered.includes(presented);
}

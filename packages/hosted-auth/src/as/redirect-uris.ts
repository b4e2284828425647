// Which redirect URIs a client may register (OAuth 2.1 §2.3.1 / §8.4.2) and the exact-match rule.

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
const APP_SCHEMES = new Set(['vscode', 'vscode-insiders', 'cursor', 'claude', 'windsurf']);

/** https anywhere; http only to a loopback host (native apps); a private-use scheme (`vscode:`, `cursor:`); never a fragment. */
export function isAcceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // Any fragment, an empty one included (a URL's hash is '' for a bare '#').
  if (value.includes('#')) return false;
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return LOOPBACK.has(url.hostname);
  // A private-use scheme (RFC 8252 §7.1) names an app, not a web origin: a reverse domain name (`com.example.app`)
  // or a known client's own scheme; scripts and data never. The URL parser has lowercased it and checked its
  // characters.
  const scheme = url.protocol.slice(0, -1);
  return APP_SCHEMES.has(scheme) || (scheme.includes('.') && !scheme.endsWith('.'));
}

/** Exact string comparison, as OAuth 2.1 §4.1.3 requires (no prefix, no normalization). */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  return registered.includes(presented);
}

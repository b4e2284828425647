// A base URL's userinfo (`https://user:pass@proxy`) leaves the URL (fetch refuses it) and goes out as Basic credentials.
import { rememberUrlCredentials } from '@obmcp/contract';

export interface SplitUrl {
  /** The URL without userinfo: what goes on the wire, in errors and in `UpstreamResponse.url`. */
  url: URL;
  /** The header carrying the userinfo as Basic credentials, when the URL had any. */
  credentials?: { name: 'authorization' | 'proxy-authorization'; value: string };
}

/** Percent-decoded userinfo; a stray `%` (kept as is by the URL parser) stays literal. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Userinfo authenticates to the URL's host (the usual HTTP-client reading, as curl and browsers do):
 * `Authorization: Basic …` when the request carries no Authorization of its own, else
 * `Proxy-Authorization: Basic …`, so the upstream's own credentials (a Bearer token) pass untouched.
 */
export function splitUrlCredentials(url: URL, headers: Readonly<Record<string, string>>): SplitUrl {
  if (url.username === '' && url.password === '') return { url };
  // Whatever an upstream echoes of it (the Basic value in an error body or header) is redacted everywhere.
  rememberUrlCredentials(url.username, url.password);
  const userinfo = `${decoded(url.username)}:${decoded(url.password)}`;
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  const name = headers.authorization === undefined ? 'authorization' : 'proxy-authorization';
  return { url: bare, credentials: { name, value: `Basic ${Buffer.from(userinfo).toString('base64')}` } };
}

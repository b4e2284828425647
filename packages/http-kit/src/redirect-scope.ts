// Where a redirect may lead: the asked origin, the request's own host, or a host the app declared; never a private address.
import { isPrivateHost } from './private-address.js';

/** Why a redirect is not followed (the envelope's `details[0].reason`). */
export type RedirectRefusalReason =
  | 'malformed_location'
  | 'credentials_in_location'
  | 'unsupported_scheme'
  | 'private_address'
  | 'insecure_downgrade'
  | 'undeclared_host';

/**
 * Host patterns an app declares for its upstream: exact names (`api.openbridge.io`) or `*.` suffixes
 * (`*.amazonaws.com`: any subdomain, not the bare name). Case and a trailing dot do not matter.
 */
export class RedirectHosts {
  private readonly exact = new Set<string>();
  /** `*.x.y` patterns as `.x.y`: a host matches when it ends with one. */
  private readonly suffixes = new Set<string>();

  constructor(patterns: readonly string[]) {
    for (const raw of patterns) {
      const pattern = normalHost(raw);
      if (pattern.startsWith('*.')) this.suffixes.add(pattern.slice(1));
      else if (pattern.length > 0) this.exact.add(pattern);
    }
  }

  allows(hostname: string): boolean {
    const host = normalHost(hostname);
    if (this.exact.has(host)) return true;
    for (const suffix of this.suffixes) if (host.endsWith(suffix)) return true;
    return false;
  }
}

function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * The rule for one hop, `asked` being the URL the caller asked for and `from` the hop that redirected:
 * - http(s) only, and no userinfo in the Location (a redirect never supplies credentials);
 * - the asked origin itself is always allowed (the operator configured it, even on a loopback proxy);
 * - anything else never reaches a loopback, link-local or private address or a `localhost` name;
 * - https never downgrades to http on another host (same host: followed, credentials dropped);
 * - the host is the asked host or one the app declared.
 */
export function redirectRefusal(
  asked: URL,
  from: URL,
  target: URL,
  hosts: RedirectHosts,
): RedirectRefusalReason | undefined {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'unsupported_scheme';
  if (target.username !== '' || target.password !== '') return 'credentials_in_location';
  if (target.origin === asked.origin) return undefined;
  if (isPrivateHost(target.hostname)) return 'private_address';
  const sameHost = normalHost(target.hostname) === normalHost(asked.hostname);
  if (from.protocol === 'https:' && target.protocol === 'http:' && !sameHost) return 'insecure_downgrade';
  if (sameHost || hosts.allows(target.hostname)) return undefined;
  return 'undeclared_host';
}

/** The hostnames of configured URLs (an endpoint override, a proxy), for an app's `redirectHosts`; unset ones skipped. */
export function hostsOfUrls(urls: ReadonlyArray<string | undefined>): string[] {
  const hosts: string[] = [];
  for (const url of urls) if (url !== undefined && URL.canParse(url)) hosts.push(new URL(url).hostname);
  return hosts;
}

// A URL an upstream answered with (a pre-signed document, report or result file) is fetched only over https, without user:password, on a declared host.
import { isPrivateHost } from './private-address.js';
import type { RedirectHosts } from './redirect-scope.js';

/**
 * Why a URL taken from an upstream's answer must not be fetched, or undefined when it may be. The rule is the
 * one redirects follow (redirect-scope.ts): an answer never sends the server to an arbitrary host, a private
 * address, plain http or a URL carrying credentials. `storage` names the declared hosts in the issue
 * ("Amazon Ads storage"). The issue never repeats the URL: its query is a signature.
 */
export function answeredUrlIssue(url: string, hosts: RedirectHosts, storage: string): string | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined) return 'the download URL is not a URL';
  if (parsed.protocol !== 'https:') return 'the download URL is not https';
  if (parsed.username !== '' || parsed.password !== '') {
    return 'the download URL carries user:password credentials';
  }
  if (isPrivateHost(parsed.hostname) || !hosts.allows(parsed.hostname)) {
    return `the download URL's host ${parsed.hostname} is not a declared ${storage} host`;
  }
  return undefined;
}

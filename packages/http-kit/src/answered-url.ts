// A URL an upstream answered with (a pre-signed document, report or result file) is fetched only over https, without user:password, on a declared host.
import { UpstreamTransportError } from '@obmcp/contract';
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

/** What an app says when it refuses an answered URL: its storage's name, the summary and one hint. */
export interface AnsweredUrlWords {
  storage: string;
  summary: string;
  hint: string;
}

/** Throws UPSTREAM_INVALID_RESPONSE (nothing sent) when `answeredUrlIssue` finds one; the URL is never echoed. */
export function assertAnsweredUrl(url: string, hosts: RedirectHosts, words: AnsweredUrlWords): void {
  const issue = answeredUrlIssue(url, hosts, words.storage);
  if (issue === undefined) return;
  throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: words.summary,
    details: [{ path: '', issue, received_type: 'upstream_response' }],
    hints: [words.hint],
  });
}

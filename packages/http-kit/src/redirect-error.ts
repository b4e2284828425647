// The envelope for a redirect http-kit refuses to follow: a precise code, the hop's hosts and status, never its path or query.
import { ClientSideError } from '@obmcp/contract';
import type { RedirectRefusedError } from './redirects.js';
import type { ExchangeInfo } from './transport-errors.js';

export const REDIRECT_REFUSED_CODE = 'UPSTREAM_REDIRECT_REFUSED';

const ISSUE: Record<RedirectRefusedError['reason'], string> = {
  malformed_location: 'the redirect Location is not a valid URL',
  credentials_in_location: 'the redirect Location carries user:password credentials',
  unsupported_scheme: 'the redirect leads to a scheme other than http or https',
  private_address: 'the redirect leads to a loopback, link-local or private address',
  insecure_downgrade: 'the redirect downgrades https to http on another host',
  undeclared_host: "the redirect leads to a host outside this upstream's declared hosts",
};

/** Not retryable: the same request gets the same redirect. */
export function redirectRefusedError(info: ExchangeInfo, refused: RedirectRefusedError): ClientSideError {
  const target = refused.targetHost === '' ? 'an unreadable location' : refused.targetHost;
  return new ClientSideError(REDIRECT_REFUSED_CODE, {
    retryable: false,
    summary: `Upstream ${info.host} answered HTTP ${refused.status} redirecting to ${target}; the redirect was not followed.`,
    details: [
      {
        path: '',
        issue: ISSUE[refused.reason],
        received_type: 'upstream_redirect',
        reason: refused.reason,
        upstream_host: info.host,
        method: info.method,
        redirect_status: refused.status,
        ...(refused.targetHost === '' ? {} : { redirect_host: refused.targetHost }),
      },
    ],
    hints: [
      'Redirects are followed only to this upstream’s own hosts (and its documented storage hosts), never to private addresses and never with credentials.',
      'If the endpoint is a proxy you configured, check where it redirects; a retry gets the same redirect.',
    ],
    cause: refused,
  });
}

// The refusal a user reads when http-kit does not follow a redirect: the code, the hop's hosts and status, why, and what to do.
import { ClientSideError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { REDIRECT_REFUSED_CODE, redirectRefusedError } from '../src/redirect-error.js';
import type { RedirectRefusalReason } from '../src/redirect-scope.js';
import { RedirectRefusedError } from '../src/redirects.js';

const info = { method: 'GET', host: 'api.example.com', timeoutMs: 30_000 };
const HINTS = [
  'Redirects are followed only to this upstream’s own hosts (and its documented storage hosts), never to private addresses and never with credentials.',
  'If the endpoint is a proxy you configured, check where it redirects; a retry gets the same redirect.',
];

describe('redirectRefusedError', () => {
  it('names the upstream, the status and the target host, never the path; not retryable', () => {
    const error = redirectRefusedError(
      info,
      new RedirectRefusedError('undeclared_host', 302, 'evil.example'),
    );
    expect(error).toBeInstanceOf(ClientSideError);
    expect(error.code).toBe(REDIRECT_REFUSED_CODE);
    expect(error.code).toBe('UPSTREAM_REDIRECT_REFUSED');
    expect(error.retryable).toBe(false);
    expect(error.summary).toBe(
      'Upstream api.example.com answered HTTP 302 redirecting to evil.example; the redirect was not followed.',
    );
    expect(error.details).toEqual([
      {
        path: '',
        issue: "the redirect leads to a host outside this upstream's declared hosts",
        received_type: 'upstream_redirect',
        reason: 'undeclared_host',
        upstream_host: 'api.example.com',
        method: 'GET',
        redirect_status: 302,
        redirect_host: 'evil.example',
      },
    ]);
    expect(error.hints).toEqual(HINTS);
  });

  it('an unreadable Location is said so, with no redirect_host', () => {
    const error = redirectRefusedError(info, new RedirectRefusedError('malformed_location', 301, ''));
    expect(error.summary).toBe(
      'Upstream api.example.com answered HTTP 301 redirecting to an unreadable location; the redirect was not followed.',
    );
    expect(error.details[0]).not.toHaveProperty('redirect_host');
    expect(error.details[0]?.issue).toBe('the redirect Location is not a valid URL');
  });

  it.each<[RedirectRefusalReason, string]>([
    ['credentials_in_location', 'the redirect Location carries user:password credentials'],
    ['unsupported_scheme', 'the redirect leads to a scheme other than http or https'],
    ['private_address', 'the redirect leads to a loopback, link-local or private address'],
    ['insecure_downgrade', 'the redirect downgrades https to http on another host'],
  ])('reason %s reads: %s', (reason, issue) => {
    const error = redirectRefusedError(info, new RedirectRefusedError(reason, 307, 'x.example'));
    expect(error.details[0]?.issue).toBe(issue);
  });
});

// What each OBMCP_MOCK_FAULT scenario must produce on each app (kind, code, retryable, Retry-After).
import type { FaultScenario } from '@obmcp/upstream-mocks';
import type { AppProfile } from './apps.js';

export type FaultExpectation =
  | { type: 'error'; kind: string; code: string; retryable: boolean; retryAfter?: number }
  | { type: 'success_with_warning' };

export function expectedFault(p: AppProfile, scenario: FaultScenario): FaultExpectation {
  const http = (status: number, kind: string, retryable: boolean, retryAfter?: number): FaultExpectation => ({
    type: 'error',
    kind,
    code: `${p.prefix}_HTTP_${status}`,
    retryable,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
  const client = (code: string): FaultExpectation => ({
    type: 'error',
    kind: p.clientKind,
    code,
    retryable: true,
  });
  const limited = (retryAfter: number | undefined): FaultExpectation => ({
    type: 'error',
    kind: 'rate_limited',
    code: 'RATE_LIMITED',
    retryable: true,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
  switch (scenario) {
    case 'http_401':
      return http(401, 'auth_error', false);
    case 'http_403':
      return http(403, 'auth_error', false);
    case 'http_404':
      return http(404, p.httpKind, false);
    case 'http_429':
      return limited(p.retryAfterOn429);
    case 'http_429_retry_after':
      return limited(2);
    case 'http_500':
      return http(500, p.httpKind, true);
    case 'http_503_retry_after':
      return http(503, p.httpKind, true, 2);
    case 'html_200':
    case 'truncated_json':
      return client('UPSTREAM_INVALID_RESPONSE');
    case 'timeout':
      return client('UPSTREAM_TIMEOUT');
    case 'reset':
      return client('UPSTREAM_UNREACHABLE');
    case 'warning_header':
      return { type: 'success_with_warning' };
  }
}

/** Retry-After in the scenario is a fixed header value: the fixture may keep it verbatim. */
export function fixedRetryAfter(p: AppProfile, scenario: FaultScenario): boolean {
  return (
    scenario === 'http_429_retry_after' ||
    scenario === 'http_503_retry_after' ||
    (scenario === 'http_429' && p.retryAfterOn429 !== undefined)
  );
}

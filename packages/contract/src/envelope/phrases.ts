// Fixed agent-facing phrases for classified failures (hints are data: fields and values only).
import type { UpstreamCode } from '../taxonomy.js';

export const TRANSPORT_SUMMARY: Record<UpstreamCode, string> = {
  UPSTREAM_INVALID_RESPONSE: 'Upstream answered with a response that could not be read as the expected JSON.',
  UPSTREAM_TIMEOUT: 'Upstream did not answer within the configured timeout.',
  UPSTREAM_UNREACHABLE: 'Upstream could not be reached (connection failed or was reset).',
};

export const HTTP_HINTS = {
  auth: [
    'Credentials were rejected: re-authorize the account or refresh the configured credentials; retrying the same call will not help.',
  ],
  rateLimited: [
    'Wait _meta.retry_after_seconds (when present) before retrying; otherwise back off exponentially.',
  ],
  retryable: ['Upstream failed server-side; retry after a short backoff.'],
  client: ['Check the arguments against the tool schema and the upstream error in details.'],
} as const;

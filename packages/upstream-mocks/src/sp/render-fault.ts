// Renders OBMCP_MOCK_FAULT HTTP scenarios the way SP-API does ({errors:[…]}, no rate headers on 429).
import { spErrors } from './respond.js';

const BODIES: Record<number, { code: string; message: string; details?: string }> = {
  401: { code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' },
  403: {
    code: 'Unauthorized',
    message: 'Access to requested resource is denied.',
    details: 'The access token you provided is revoked, malformed or invalid.',
  },
  404: { code: 'NotFound', message: 'Resource not found.' },
  429: { code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.', details: '' },
  500: { code: 'InternalFailure', message: 'We encountered an internal error. Please try again.' },
  503: { code: 'ServiceUnavailable', message: 'Service temporarily unavailable. Please try again.' },
};

export function renderSpFault(status: number, retryAfter: string | undefined): Response {
  const body = BODIES[status] ?? { code: 'InternalFailure', message: 'Unexpected error.' };
  // 404 is a status that carries the rate header; the others never do.
  return spErrors(status, [body], status === 404 ? 'getOrder' : undefined, retryAfter);
}

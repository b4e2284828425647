// Renders fault scenarios the way Login with Amazon does: OAuth-style {error, error_description}.
import { HttpResponse } from 'msw';

const LWA_ERRORS: Record<number, [string, string]> = {
  400: ['invalid_request', 'The request is missing a required parameter or is otherwise malformed.'],
  401: ['invalid_client', 'Client authentication failed'],
  403: ['unauthorized_client', 'Not authorized for requested operation'],
  404: ['invalid_request', 'Not Found'],
  429: ['temporarily_unavailable', 'The service is temporarily overloaded.'],
  500: ['server_error', 'An internal server error occurred.'],
  503: ['temporarily_unavailable', 'The service is temporarily unavailable.'],
};

export function lwaError(status: number, error: string, description: string, retryAfter?: string): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'x-amzn-requestid': crypto.randomUUID(),
  };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  return HttpResponse.json({ error_description: description, error }, { status, headers });
}

export function renderLwaFault(status: number, retryAfter: string | undefined): Response {
  const [error, description] = LWA_ERRORS[status] ?? ['server_error', 'Unexpected error'];
  return lwaError(status, error, description, retryAfter);
}

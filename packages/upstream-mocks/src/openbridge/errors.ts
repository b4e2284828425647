// Openbridge error bodies, rendered per API family: the shapes really differ between hosts.
import { HttpResponse } from 'msw';
import type { DocIssue } from './doc-schemas/validate.js';

/** Which body shape a host family uses for its errors. */
export type ErrorStyle = 'jsonapi' | 'flat_detail' | 'flat_message' | 'flat_error' | 'bare_array';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Not Authorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** One error rendered in the given style (the same condition, the host's own shape). */
export function errorBody(style: ErrorStyle, status: number, detail: string, code?: string): unknown {
  switch (style) {
    case 'jsonapi':
      return {
        errors: [{ status: String(status), title: titleOf(status), detail, ...(code ? { code } : {}) }],
      };
    case 'flat_detail':
      return { detail };
    case 'flat_message':
      return { message: detail };
    case 'flat_error':
      return { error: detail, ...(code ? { code } : {}) };
    case 'bare_array':
      return [{ message: detail, code: code ?? titleOf(status).toUpperCase().replace(/\s+/g, '_') }];
  }
}

export function errorResponse(
  style: ErrorStyle,
  status: number,
  detail: string,
  options: { code?: string; headers?: Record<string, string> } = {},
): Response {
  return HttpResponse.json(errorBody(style, status, detail, options.code) as Record<string, unknown>, {
    status,
    headers: { 'x-request-id': requestId(), ...(options.headers ?? {}) },
  });
}

/** A request that breaks the doc schema, in the host's own 400 shape (JSON:API errors carry source.pointer). */
export function invalidRequest(style: ErrorStyle, issues: readonly DocIssue[]): Response {
  const shown = issues.slice(0, 10);
  const body =
    style === 'jsonapi'
      ? {
          errors: shown.map((i) => ({
            status: '400',
            title: titleOf(400),
            detail: `${i.pointer.split('/').pop() || 'body'}: ${i.message}`,
            source: { pointer: i.pointer || '/data' },
            code: i.keyword === 'required' ? 'required' : 'invalid',
          })),
        }
      : style === 'bare_array'
        ? shown.map((i) => ({
            message: `${i.pointer.split('/').pop() || 'body'}: ${i.message}`,
            code: i.keyword === 'required' ? 'REQUIRED_FIELD' : 'INVALID_FIELD',
          }))
        : errorBody(style, 400, shown.map((i) => `${i.pointer}: ${i.message}`).join('; '));
  return HttpResponse.json(body as Record<string, unknown>, {
    status: 400,
    headers: { 'x-request-id': requestId() },
  });
}

let counter = 0;
/** A per-response request id, like the API Gateway / load balancer adds. */
export function requestId(): string {
  counter += 1;
  return `ob-mock-${Date.now().toString(36)}-${counter}`;
}

const FAULT_DETAILS: Record<number, string> = {
  401: 'Authentication credentials were not provided or are invalid.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  500: 'An unexpected error occurred.',
  503: 'Service temporarily unavailable.',
};

/**
 * withFault renderer for one host family. 429 always uses the documented JSON:API body with
 * `Retry-After: 60` (rate-limiting.md) unless the scenario supplies its own value.
 */
export function faultRenderer(style: ErrorStyle) {
  return (status: number, retryAfter: string | undefined): Response => {
    if (status === 429) {
      const seconds = retryAfter ?? '60';
      return errorResponse('jsonapi', 429, `Rate limit exceeded. Retry after ${seconds} seconds.`, {
        headers: { 'retry-after': seconds },
      });
    }
    const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};
    return errorResponse(style, status, FAULT_DETAILS[status] ?? titleOf(status), { headers });
  };
}

// SP-API response helpers: x-amzn-RequestId always, x-amzn-RateLimit-Limit on 2xx/400/404 only.
import { HttpResponse } from 'msw';
import { mockSettings } from '../settings.js';
import { OMIT_RATE_HEADER, rateOf } from './rates.js';

export interface SpError {
  code: string;
  message: string;
  details?: string;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'InvalidInput',
  403: 'AccessDeniedException',
  404: 'NotFound',
  429: 'QuotaExceeded',
  500: 'InternalFailure',
  503: 'ServiceUnavailable',
};

function baseHeaders(status: number, operation: string | undefined): Headers {
  const headers = new Headers({
    'content-type': 'application/json',
    'x-amzn-requestid': crypto.randomUUID(),
    date: new Date().toUTCString(),
  });
  const rateAllowed = (status >= 200 && status < 300) || status === 400 || status === 404;
  const setting = mockSettings.spRateHeader();
  // A number stands for a seller whose usage plan Amazon raised: that rate on every operation.
  const raised = setting !== undefined && Number(setting) > 0 ? setting : undefined;
  const rate = operation === undefined ? undefined : (raised ?? scaledRate(rateOf(operation)));
  if (rateAllowed && rate !== undefined && !OMIT_RATE_HEADER.has(operation ?? '') && setting !== 'off') {
    headers.set('x-amzn-ratelimit-limit', rate);
  }
  if (status >= 400) headers.set('x-amzn-errortype', ERROR_TYPES[status] ?? 'InternalFailure');
  return headers;
}

/** The documented rate × OBMCP_MOCK_RATE_SCALE (the rate the throttling mock enforces). */
function scaledRate(rate: string | undefined): string | undefined {
  const scale = mockSettings.rateScale();
  return rate === undefined || scale === 1 ? rate : String(Number((Number(rate) * scale).toPrecision(6)));
}

export function spJson(body: unknown, status = 200, operation?: string, mediaType?: string): Response {
  const headers = baseHeaders(status, operation);
  if (mediaType) headers.set('content-type', mediaType);
  return HttpResponse.json(body as Record<string, unknown>, { status, headers });
}

/** A success without a body (the model's 200 of a cancel has no schema). */
export function spEmpty(status = 200, operation?: string): Response {
  const headers = baseHeaders(status, operation);
  headers.delete('content-type');
  return new HttpResponse(null, { status, headers });
}

export function spErrors(
  status: number,
  errors: SpError[],
  operation?: string,
  retryAfter?: string,
): Response {
  const headers = baseHeaders(status, operation);
  if (retryAfter !== undefined) headers.set('retry-after', retryAfter);
  return HttpResponse.json({ errors }, { status, headers });
}

export function invalidInput(message: string, operation: string, details?: string): Response {
  return spErrors(
    400,
    [{ code: 'InvalidInput', message, ...(details === undefined ? {} : { details }) }],
    operation,
  );
}

export function notFound(message: string, operation: string): Response {
  return spErrors(404, [{ code: 'NotFound', message }], operation);
}

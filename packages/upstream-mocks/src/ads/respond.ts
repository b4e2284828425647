// Response helpers shared by the Ads mock: request ids on every answer, the Ads error body shapes.
import { HttpResponse } from 'msw';

let counter = 0;

/** An x-amzn-RequestId-like value (20 upper-case alphanumerics). */
export function requestId(): string {
  counter += 1;
  const seed = `${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2)}`;
  return seed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .padEnd(20, 'X')
    .slice(0, 20);
}

export function adsJson(
  body: unknown,
  status = 200,
  contentType = 'application/json',
  extra: Record<string, string> = {},
): Response {
  return HttpResponse.json(body as Record<string, unknown>, {
    status,
    headers: { 'content-type': contentType, 'x-amzn-RequestId': requestId(), ...extra },
  });
}

/** The documented universal error shape `{code, details}` (reporting uses singular `detail`). */
export function adsError(status: number, code: string, message: string, singularDetail = false): Response {
  const id = requestId();
  const body = singularDetail ? { code, detail: message } : { code, details: message, requestId: id };
  return HttpResponse.json(body, {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-RequestId': id },
  });
}

/** 429 as Ads really sends it: `{message}`, throttled header, Retry-After only sometimes. */
export function adsThrottled(
  retryAfter?: string,
  body: Record<string, unknown> = { message: 'Too Many Requests' },
): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-amzn-RequestId': requestId(),
    'x-amzn-ErrorType': 'ThrottlingException',
    'amazon-advertising-api-throttled': 'true',
  };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  return HttpResponse.json(body, { status: 429, headers });
}

/** SP/SB v3 error body `{code, message}` (optionally with the v3 `errors[]` of mutation errors). */
export function spError(status: number, code: string, message: string, errors?: unknown[]): Response {
  return HttpResponse.json(errors === undefined ? { code, message } : { code, message, errors }, {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-RequestId': requestId() },
  });
}

/** One SP/SB v3 mutation error `{errorType, errorValue:{<errorType>:{reason, message, cause}}}`. */
export function mutationError(
  errorType: string,
  reason: string,
  message: string,
  location: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    errorType,
    errorValue: { [errorType]: { reason, message, cause: { location }, ...extra } },
  };
}

// Response headers → call.meta: request id and RFC 7234 Warning entries (Retry-After rides on the error).
import { type MetaCollector, parseWarningHeaders } from '@obmcp/contract';

const REQUEST_ID_HEADERS = ['x-request-id', 'x-amzn-requestid', 'x-amz-apigw-id', 'x-correlation-id'];

export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name)?.trim();
    if (value) return value.slice(0, 128);
  }
  return undefined;
}

/**
 * Records request id and Warning entries. Retry-After travels on the thrown UpstreamHttpError
 * (the wiring copies it to `_meta.retry_after_seconds`), so a retried-then-successful call carries none.
 */
export function recordResponseMeta(meta: MetaCollector, headers: Headers): void {
  meta.setRequestId(requestIdOf(headers));
  for (const warning of parseWarningHeaders(headers)) meta.addWarning(warning);
}

// Openbridge response headers: no quota headers in normal responses (Retry-After only on a 429); the request-id headers.
import { noRateLimitHeaders } from '@obmcp/http-kit';

export const OPENBRIDGE_HEADERS = noRateLimitHeaders([
  'x-request-id',
  'x-amzn-requestid',
  'x-amz-apigw-id',
  'x-correlation-id',
]);

export const requestIdOf = OPENBRIDGE_HEADERS.requestId;

// Ads response headers: X-RateLimit-* when sent (undocumented, never invented) and the request-id headers.
import { type HeaderParser, rateLimitHeaders } from '@obmcp/http-kit';

export const ADS_HEADERS: HeaderParser = rateLimitHeaders('x-ratelimit', [
  'x-amzn-requestid',
  'x-amz-rid',
  'x-request-id',
]);

export const requestIdOf = ADS_HEADERS.requestId;

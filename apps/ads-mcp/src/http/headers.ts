// Ads response headers: X-RateLimit-* when sent (undocumented, never invented) and the request-id headers.
import { rateLimitHeaders } from '@obmcp/http-kit';

export const ADS_HEADERS = rateLimitHeaders('x-ratelimit', ['x-amzn-requestid', 'x-amz-rid', 'x-request-id']);

export const requestIdOf = ADS_HEADERS.requestId;

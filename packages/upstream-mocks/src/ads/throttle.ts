// Ads throttling: a bucket per operation and profile, and the 429 Ads really sends (Retry-After where documented).
import { mockSettings } from '../settings.js';
import type { Operation } from '../spec/operations.js';
import { countThrottled } from '../throttle/throttle-count.js';
import { TokenBuckets } from '../throttle/token-buckets.js';
import { adsThrottled } from './respond.js';

const buckets = new TokenBuckets();

/** "This header is not present when using the POST /reporting/reports endpoint" (amazon-apis.md §2.9). */
const NO_RETRY_AFTER = new Set(['POST /reporting/reports']);

/**
 * Under OBMCP_MOCK_THROTTLE=documented. Amazon documents dynamic limits ("based on the overall system
 * load") and publishes no numbers, so the bucket is OBMCP_MOCK_ADS_THROTTLE (default 10/s, burst 10) per
 * operation and profile (the Scope header), rate × OBMCP_MOCK_RATE_SCALE. An empty bucket answers
 * `{"message":"Too Many Requests"}` with `amazon-advertising-api-throttled: true` and a Retry-After in
 * whole seconds, except where Amazon omits it.
 */
export function adsThrottle(op: Operation, request: Request, arrivedMs = Date.now()): Response | undefined {
  if (!mockSettings.throttle()) return undefined;
  const bucket = mockSettings.adsBucket();
  const scope = request.headers.get('amazon-advertising-api-scope') ?? '';
  const client = request.headers.get('amazon-advertising-api-clientid') ?? '';
  const key = `${client}\n${scope}\n${op.operationId}`;
  const rule = { rate: bucket.rate * mockSettings.rateScale(), burst: bucket.burst };
  const taken = buckets.take(key, rule, arrivedMs);
  if (taken.ok) return undefined;
  countThrottled(op.operationId);
  const route = `${op.method.toUpperCase()} ${op.path}`;
  return adsThrottled(
    NO_RETRY_AFTER.has(route) ? undefined : String(Math.max(1, Math.ceil(taken.waitSeconds))),
  );
}

export function resetAdsBuckets(): void {
  buckets.clear();
}

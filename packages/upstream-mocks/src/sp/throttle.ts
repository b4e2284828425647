// SP-API throttling: each operation's documented usage plan per selling partner, and the 429 SP really sends.
import { parseUsagePlan } from '@obmcp/upstream-specs';
import { refreshTokenOf } from '../lwa/tokens.js';
import { mockSettings } from '../settings.js';
import type { Operation } from '../spec/operations.js';
import { countThrottled } from '../throttle/throttle-count.js';
import { TokenBuckets } from '../throttle/token-buckets.js';
import { spErrors } from './respond.js';

const buckets = new TokenBuckets();

/**
 * Under OBMCP_MOCK_THROTTLE=documented: one bucket per operation and selling partner (the refresh token
 * behind the access token), rate × OBMCP_MOCK_RATE_SCALE. An empty bucket answers the documented 429:
 * `QuotaExceeded`, no x-amzn-RateLimit-Limit and no Retry-After (amazon-apis.md §1.6).
 */
export function spThrottle(op: Operation, request: Request, arrivedMs = Date.now()): Response | undefined {
  if (!mockSettings.throttle()) return undefined;
  const plan = parseUsagePlan(String(op.operation.description ?? ''));
  if (!plan) return undefined;
  const token = request.headers.get('x-amz-access-token') ?? '';
  const key = `${refreshTokenOf(token) ?? token}\n${op.operationId}`;
  const rule = { rate: plan.rate * mockSettings.rateScale(), burst: plan.burst };
  if (buckets.take(key, rule, arrivedMs).ok) return undefined;
  countThrottled(op.operationId);
  const message = 'You exceeded your quota for the requested resource.';
  return spErrors(429, [{ code: 'QuotaExceeded', message, details: '' }], op.operationId);
}

/** Empties the SP buckets' memory (tests that switch throttling on between cases). */
export function resetSpBuckets(): void {
  buckets.clear();
}

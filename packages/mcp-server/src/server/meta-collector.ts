// Per-call telemetry collector: one instance per tools/call, so concurrent calls never mix `_meta`.
import type { RateLimitMeta, WarningEntry } from '@obmcp/contract/internal/envelope/types.js';
import type { Json, MetaCollector } from '@obmcp/contract/internal/tool/types.js';

const MAX_WARNINGS = 10;

export function createMetaCollector(): MetaCollector {
  let rateLimit: RateLimitMeta | undefined;
  let retryAfter: number | undefined;
  let requestId: string | undefined;
  const warnings: WarningEntry[] = [];
  const extra: Record<string, Json> = {};
  return {
    setRateLimit(value) {
      if (value && Object.keys(value).length > 0) rateLimit = value;
    },
    setRetryAfter(seconds) {
      // Number.isFinite is false for undefined too.
      if (Number.isFinite(seconds) && (seconds as number) >= 0) retryAfter = seconds;
    },
    addWarning(warning) {
      if (warnings.length < MAX_WARNINGS) warnings.push(warning);
    },
    setRequestId(id) {
      if (id) requestId = id.slice(0, 128);
    },
    set(key, value) {
      extra[key] = value;
    },
    snapshot() {
      const out: Record<string, unknown> = { ...extra };
      if (rateLimit) out.rate_limit = rateLimit;
      if (retryAfter !== undefined) out.retry_after_seconds = retryAfter;
      if (warnings.length > 0) out.warnings = [...warnings];
      if (requestId) out.request_id = requestId;
      return out;
    },
  };
}

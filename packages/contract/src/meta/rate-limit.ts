// Builds `_meta.rate_limit` from raw header values: absent stays absent, never null or invented.
import type { RateLimitMeta } from '../envelope/types.js';

export interface RawRateLimit {
  limit?: string | null | undefined;
  remaining?: string | null | undefined;
  reset?: string | null | undefined;
}

function numberOrRaw(raw: string | null | undefined): number | string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed.slice(0, 64);
}

export function buildRateLimit(raw: RawRateLimit): RateLimitMeta | undefined {
  const out: RateLimitMeta = {};
  const limit = numberOrRaw(raw.limit);
  const remaining = numberOrRaw(raw.remaining);
  const reset = raw.reset?.trim();
  if (limit !== undefined) out.limit_per_second = limit;
  if (remaining !== undefined) out.remaining = remaining;
  if (reset) out.reset_at = reset.slice(0, 64);
  return Object.keys(out).length > 0 ? out : undefined;
}

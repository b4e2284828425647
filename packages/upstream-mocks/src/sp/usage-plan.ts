// An SP operation's documented default usage plan: the "| Rate (requests per second) | Burst |" table of its model description.
import type { BucketRule } from '../throttle/token-buckets.js';

const TABLE =
  /\|\s*Rate \(requests per second\)\s*\|\s*Burst\s*\|\s*\n\s*\|[\s|:-]+\|\s*\n\s*\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/i;

/** Rate and burst from the first usage-plan table in a model description, or undefined when it has none. */
export function usagePlanOf(description: string): BucketRule | undefined {
  const m = TABLE.exec(description);
  if (!m) return undefined;
  const rate = Number(m[1]);
  const burst = Number(m[2]);
  return Number.isFinite(rate) && rate > 0 && Number.isInteger(burst) && burst > 0
    ? { rate, burst }
    : undefined;
}

// The documented default usage plan: the "| Rate (requests per second) | Burst |" table in an SP-API model's
// operation description. A fact of the specs, read by the catalog generator and by the spec-driven mocks.

/** A documented default usage plan (token bucket: requests per second, burst). */
export interface UsagePlan {
  rate: number;
  burst: number;
}

const TABLE =
  /\|\s*Rate \(requests per second\)\s*\|\s*Burst\s*\|\s*\n\s*\|[\s|:-]+\|\s*\n\s*\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/i;

/** Rate and burst from the first usage-plan table in the text, or null when there is none. */
export function parseUsagePlan(description: string): UsagePlan | null {
  const m = TABLE.exec(description);
  if (!m) return null;
  const rate = Number(m[1]);
  const burst = Number(m[2]);
  return Number.isFinite(rate) && rate > 0 && Number.isInteger(burst) && burst > 0 ? { rate, burst } : null;
}

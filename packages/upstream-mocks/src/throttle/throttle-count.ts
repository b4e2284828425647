// How many requests the throttling mocks answered 429 (per operation), for tests and bench/ to read.
const counts = new Map<string, number>();

export function countThrottled(operation: string): void {
  counts.set(operation, (counts.get(operation) ?? 0) + 1);
}

export interface ThrottleStats {
  /** 429s answered since start (or the last reset). */
  throttled: number;
  byOperation: Record<string, number>;
}

export function throttleStats(): ThrottleStats {
  const byOperation = Object.fromEntries(counts);
  return { throttled: [...counts.values()].reduce((a, b) => a + b, 0), byOperation };
}

export function resetThrottleStats(): void {
  counts.clear();
}

// The throttling mocks' public surface: the 429 count, and a reset for tests that switch throttling on.
import { resetAdsBuckets } from '../ads/throttle.js';
import { resetSpBuckets } from '../sp/throttle.js';
import { resetThrottleStats } from './throttle-count.js';

export { type ThrottleStats, throttleStats } from './throttle-count.js';

/** Full buckets again and a zero count. */
export function resetThrottle(): void {
  resetSpBuckets();
  resetAdsBuckets();
  resetThrottleStats();
}

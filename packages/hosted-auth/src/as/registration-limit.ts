// RegistrationLimit: how many dynamic client registrations one address may make per minute (a flood of stored clients is refused).
import type { KvStore } from '../store/kv-store.js';

const WINDOW_SECONDS = 60;

/**
 * A fixed one-minute window per client address, counted in the shared store (so every replica counts the
 * same registrations). Read-then-write, not atomic: two replicas racing may each let one more through, which
 * a limit meant to stop floods tolerates.
 */
export class RegistrationLimit {
  constructor(
    private readonly store: KvStore,
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Counts one registration from `address`; the seconds to wait when it is over the limit, else undefined. */
  async take(address: string): Promise<number | undefined> {
    if (this.perMinute <= 0) return undefined;
    const nowSeconds = Math.floor(this.now() / 1000);
    const window = Math.floor(nowSeconds / WINDOW_SECONDS);
    const key = `register-rate:${address}:${window}`;
    const used = Number((await this.store.get(key)) ?? 0);
    if (used >= this.perMinute) return (window + 1) * WINDOW_SECONDS - nowSeconds;
    await this.store.set(key, String(used + 1), WINDOW_SECONDS);
    return undefined;
  }
}

// A counting gate with abortable waits: at most `capacity` holders at once, the rest wait in order.
export class ConcurrencyGate {
  private readonly waiters: Array<() => void> = [];
  private held = 0;

  constructor(private readonly capacity: number) {}

  /** Resolves once a slot is held; throws the signal's reason if it aborts first. */
  async enter(signal?: AbortSignal): Promise<void> {
    while (this.held >= this.capacity) {
      signal?.throwIfAborted();
      await this.waitForSlot(signal);
    }
    signal?.throwIfAborted();
    this.held++;
  }

  leave(): void {
    this.held--;
    this.waiters.shift()?.();
  }

  private waitForSlot(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      // Runs only while `wake` is queued: waking removes this listener first (and abort fires once).
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(wake), 1);
        resolve();
      };
      this.waiters.push(wake);
      signal?.addEventListener('abort', onAbort);
    });
  }
}

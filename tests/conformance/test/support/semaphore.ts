// A counting semaphore: bounds how many servers run at once (2 cores).
export class Semaphore {
  private waiting: Array<() => void> = [];
  private active = 0;

  constructor(private readonly limit: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

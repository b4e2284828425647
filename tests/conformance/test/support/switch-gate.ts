// A shared/exclusive gate: in-process servers share this process's mocks, so one that sets OBMCP_MOCK_* switches runs alone.
export class SwitchGate {
  private shared = 0;
  private exclusive = false;
  private waiting: Array<() => void> = [];

  /** `alone`: no other holder while `work` runs (a server whose mock switches would reach every other one). */
  async use<T>(alone: boolean, work: () => Promise<T>): Promise<T> {
    while (alone ? this.exclusive || this.shared > 0 : this.exclusive)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (alone) this.exclusive = true;
    else this.shared++;
    try {
      return await work();
    } finally {
      if (alone) this.exclusive = false;
      else this.shared--;
      for (const wake of this.waiting.splice(0)) wake();
    }
  }
}

// In process the mocks read their OBMCP_MOCK_* switches from process.env: servers with other switches wait their turn.
import { isMockSwitch } from '@obmcp/upstream-mocks';

/** Runs with the same switches share the gate; a run with other switches waits until none is live. */
export class SwitchGate {
  private key: string | undefined;
  private active = 0;
  private waiting: Array<() => void> = [];

  async use<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
    const key = JSON.stringify(
      Object.entries(env)
        .filter(([name]) => isMockSwitch(name))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    while (this.active > 0 && this.key !== key)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.key = key;
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      if (this.active === 0) for (const wake of this.waiting.splice(0)) wake();
    }
  }
}

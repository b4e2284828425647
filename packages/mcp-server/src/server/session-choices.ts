// Session choices (region, active profile or identity): what a user switched mid-conversation, read from and written to the deployment's shared store so every replica answers with it.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where session choices live between requests, by key (a hosted user's subject, or one key for a
 * single-account HTTP deployment): Redis when the deployment has one, so any replica serves any request.
 */
export interface SessionChoiceStore {
  /** Every choice stored under `key` (`{}` when none). */
  load(key: string): Promise<Record<string, string>>;
  /** Stores one choice under `key`; `undefined` removes it (the default applies again). */
  save(key: string, name: string, value: string | undefined): Promise<void>;
}

/**
 * The choices of one request: read synchronously from what was loaded when it arrived; a change is seen at
 * once by the rest of the request and written to the store in order. The tool pipeline awaits `flush()`
 * before a tool answers, so the next request (on any replica) reads what this one chose.
 */
export class SessionChoices {
  private readonly values: Map<string, string>;
  private writes: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(
    loaded: Record<string, string>,
    private readonly write: (name: string, value: string | undefined) => Promise<void>,
  ) {
    this.values = new Map(Object.entries(loaded));
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string | undefined): void {
    if (value === undefined) this.values.delete(name);
    else this.values.set(name, value);
    this.writes = this.writes.then(() =>
      this.write(name, value).catch((error: unknown) => {
        this.failure ??= error;
      }),
    );
  }

  /** Waits for every write started so far; rejects with the first that failed. */
  async flush(): Promise<void> {
    await this.writes;
    const failure = this.failure;
    this.failure = undefined;
    if (failure !== undefined) throw failure;
  }
}

/** Loads the choices stored under `key` for one request. */
export async function loadSessionChoices(store: SessionChoiceStore, key: string): Promise<SessionChoices> {
  return new SessionChoices(await store.load(key), (name, value) => store.save(key, name, value));
}

const current = new AsyncLocalStorage<SessionChoices>();

/** Runs `fn` (and everything it starts) with `choices` as the request's session choices. */
export function runWithSessionChoices<T>(choices: SessionChoices, fn: () => T): T {
  return current.run(choices, fn);
}

/**
 * The running request's session choices; undefined over stdio and in HTTP mode without a shared store
 * (the server's own memory then holds its choices).
 */
export function currentSessionChoices(): SessionChoices | undefined {
  return current.getStore();
}

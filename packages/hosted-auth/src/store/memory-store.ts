// A KvStore in this process's memory: one replica, one user, tests.
import type { KvStore } from './kv-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Expiry is read on access (no timers), against `now` (injectable for tests). */
export class MemoryStore implements KvStore {
  private readonly values = new Map<string, Entry>();
  private readonly sets = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    const expiresAt = ttlSeconds === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlSeconds * 1000;
    this.values.set(key, { value, expiresAt });
  }

  async get(key: string): Promise<string | undefined> {
    return this.read(key);
  }

  /** Read and delete with no await between them: of two concurrent takes, only one gets the value. */
  async take(key: string): Promise<string | undefined> {
    const value = this.read(key);
    this.values.delete(key);
    return value;
  }

  private read(key: string): string | undefined {
    const entry = this.values.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async del(key: string): Promise<void> {
    this.values.delete(key);
    this.sets.delete(key);
  }

  async addMember(key: string, member: string): Promise<void> {
    const set = this.sets.get(key) ?? new Set<string>();
    set.add(member);
    this.sets.set(key, set);
  }

  async members(key: string): Promise<string[]> {
    return [...(this.sets.get(key) ?? [])];
  }
}

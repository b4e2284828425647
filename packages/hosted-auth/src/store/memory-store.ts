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
  private readonly hashes = new Map<string, { fields: Map<string, string>; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async set(key: string, value: string, ttlSeconds?: number | 'keep'): Promise<void> {
    const expiresAt =
      ttlSeconds === 'keep'
        ? (this.values.get(key)?.expiresAt ?? Number.POSITIVE_INFINITY)
        : this.expiry(ttlSeconds);
    this.values.set(key, { value, expiresAt });
  }

  async expire(key: string, ttlSeconds: number): Promise<boolean> {
    const value = this.read(key);
    if (value !== undefined) this.values.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
    return value !== undefined;
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
    this.hashes.delete(key);
  }

  async addMember(key: string, member: string): Promise<void> {
    const set = this.sets.get(key) ?? new Set<string>();
    set.add(member);
    this.sets.set(key, set);
  }

  async members(key: string): Promise<string[]> {
    return [...(this.sets.get(key) ?? [])];
  }

  private expiry(ttlSeconds: number | undefined): number {
    return ttlSeconds === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlSeconds * 1000;
  }

  private hash(key: string): { fields: Map<string, string>; expiresAt: number } | undefined {
    const hash = this.hashes.get(key);
    if (hash !== undefined && hash.expiresAt <= this.now()) {
      this.hashes.delete(key);
      return undefined;
    }
    return hash;
  }

  async setField(key: string, field: string, value: string | undefined, ttlSeconds?: number): Promise<void> {
    const hash = this.hash(key) ?? { fields: new Map<string, string>(), expiresAt: 0 };
    if (value === undefined) hash.fields.delete(field);
    else hash.fields.set(field, value);
    hash.expiresAt = this.expiry(ttlSeconds);
    if (hash.fields.size === 0) this.hashes.delete(key);
    else this.hashes.set(key, hash);
  }

  async fields(key: string, ttlSeconds?: number): Promise<Record<string, string>> {
    const hash = this.hash(key);
    if (hash === undefined) return {};
    if (ttlSeconds !== undefined) hash.expiresAt = this.expiry(ttlSeconds);
    return Object.fromEntries(hash.fields);
  }
}

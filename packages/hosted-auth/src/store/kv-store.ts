// The shared store the authorization server keeps its state in: strings with a lifetime, an atomic take, sets and hashes.

/**
 * What the authorization server needs from a store. Redis in a deployment (every replica sees every code,
 * grant and credential); memory for one process. `take` is atomic: of two concurrent takes of one key, one
 * gets the value and the other `undefined` (that is what makes a code or refresh token single-use).
 */
export interface KvStore {
  /** Stores `value` under `key`, replacing any value; `ttlSeconds` makes it vanish after that long, `'keep'` keeps the old lifetime. */
  set(key: string, value: string, ttlSeconds?: number | 'keep'): Promise<void>;
  /** Makes an existing `key` vanish `ttlSeconds` from now; false (and nothing stored) when there is none. */
  expire(key: string, ttlSeconds: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  /** Reads and deletes `key` in one step. */
  take(key: string): Promise<string | undefined>;
  del(key: string): Promise<void>;
  /** Adds `member` to the set under `key`. */
  addMember(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
  /** Sets (or, `undefined`, removes) one field of the hash under `key`; `ttlSeconds` renews the hash's lifetime. */
  setField(key: string, field: string, value: string | undefined, ttlSeconds?: number): Promise<void>;
  /** Every field of the hash under `key` (`{}` when none); `ttlSeconds` renews its lifetime (a hash in use lives on). */
  fields(key: string, ttlSeconds?: number): Promise<Record<string, string>>;
  close?(): Promise<void>;
}

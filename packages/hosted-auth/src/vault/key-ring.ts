// The vault's AES-256 keys by key id: the first encrypts, every one decrypts (rotation); read from env or a key file.
import { readFileSync } from 'node:fs';

export interface VaultKey {
  kid: string;
  key: Uint8Array;
}

/** Keys in order: the first is current. */
export class KeyRing {
  readonly current: VaultKey;
  private readonly byId: Map<string, Uint8Array>;

  constructor(keys: VaultKey[]) {
    const [first] = keys;
    if (first === undefined) throw new Error('the credential vault needs at least one key');
    for (const { kid, key } of keys) {
      if (key.length !== 32)
        throw new Error(`vault key "${kid}" must be 32 bytes (AES-256), not ${key.length}`);
    }
    this.current = first;
    this.byId = new Map(keys.map(({ kid, key }) => [kid, key]));
    if (this.byId.size !== keys.length) throw new Error('vault key ids must be unique');
  }

  key(kid: string): Uint8Array | undefined {
    return this.byId.get(kid);
  }
}

/**
 * Parses `kid:base64key[,kid:base64key…]` (the newest first): the format of OBMCP_VAULT_KEYS and of the
 * file OBMCP_VAULT_KEY_FILE names (one or more lines). A key is 32 random bytes, e.g. `openssl rand -base64 32`.
 */
export function parseKeyRing(text: string): KeyRing {
  const keys = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !part.startsWith('#'))
    .map((part) => {
      const at = part.indexOf(':');
      if (at <= 0) throw new Error('a vault key is written kid:base64key');
      return { kid: part.slice(0, at), key: new Uint8Array(Buffer.from(part.slice(at + 1), 'base64')) };
    });
  return new KeyRing(keys);
}

/** The key ring from OBMCP_VAULT_KEYS, else the file OBMCP_VAULT_KEY_FILE; undefined when neither is set. */
export function keyRingFromEnv(env: NodeJS.ProcessEnv = process.env): KeyRing | undefined {
  const inline = env.OBMCP_VAULT_KEYS;
  if (inline !== undefined && inline.trim() !== '') return parseKeyRing(inline);
  const file = env.OBMCP_VAULT_KEY_FILE;
  if (file !== undefined && file.trim() !== '') return parseKeyRing(readFileSync(file, 'utf8'));
  return undefined;
}

// The credential vault: AES-256-GCM at rest, bound to its subject, key rotation by key id.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory-store.js';
import { KeyRing, keyRingFromEnv, parseKeyRing } from '../src/vault/key-ring.js';
import { CredentialVault } from '../src/vault/vault.js';

const credential = { account: 'A1', label: 'Seller A1', secret: 'Atzr|SECRET-VALUE' };
const key = (): string => randomBytes(32).toString('base64');

describe('credential vault', () => {
  it('stores the credential encrypted and reads it back', async () => {
    const store = new MemoryStore();
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential);
    const raw = (await store.get('cred:sp:A1')) ?? '';
    expect(raw).not.toContain('SECRET');
    expect(raw.split('.')).toHaveLength(5);
    expect(await vault.get('sp:A1')).toEqual(credential);
  });

  it('does not open one subject’s value as another’s (a swapped Redis value reads as nothing)', async () => {
    const store = new MemoryStore();
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential);
    await store.set('cred:sp:B2', (await store.get('cred:sp:A1')) ?? '');
    expect(await vault.get('sp:B2')).toBeUndefined();
  });

  it('does not open a tampered value', async () => {
    const store = new MemoryStore();
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential);
    const raw = (await store.get('cred:sp:A1')) ?? '';
    const parts = raw.split('.');
    const cipher = Buffer.from(parts[3] ?? '', 'base64url');
    cipher[0] = (cipher[0] ?? 0) ^ 1;
    parts[3] = cipher.toString('base64url');
    await store.set('cred:sp:A1', parts.join('.'));
    expect(await vault.get('sp:A1')).toBeUndefined();
  });

  it('rotates: a value sealed with the old key opens under the new ring and is re-sealed with the new key', async () => {
    const store = new MemoryStore();
    const oldKey = key();
    await new CredentialVault(store, parseKeyRing(`k1:${oldKey}`)).put('sp:A1', credential);
    const rotated = new CredentialVault(store, parseKeyRing(`k2:${key()},k1:${oldKey}`));
    expect(await rotated.get('sp:A1')).toEqual(credential);
    const header = JSON.parse(
      Buffer.from((await store.get('cred:sp:A1'))?.split('.')[0] ?? '', 'base64url').toString(),
    ) as { kid: string };
    expect(header.kid).toBe('k2');
  });

  it('reads nothing sealed with a key it no longer has', async () => {
    const store = new MemoryStore();
    await new CredentialVault(store, parseKeyRing(`k1:${key()}`)).put('sp:A1', credential);
    expect(await new CredentialVault(store, parseKeyRing(`k2:${key()}`)).get('sp:A1')).toBeUndefined();
  });

  it('refuses keys that are not 32 bytes, duplicate ids, and an empty ring', () => {
    expect(() => parseKeyRing(`k1:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    const k = key();
    expect(() => parseKeyRing(`k1:${k},k1:${k}`)).toThrow(/unique/);
    expect(() => new KeyRing([])).toThrow(/at least one/);
    expect(() => parseKeyRing('nocolon')).toThrow(/kid:base64key/);
  });

  it('reads OBMCP_VAULT_KEYS (or nothing when unset)', () => {
    expect(keyRingFromEnv({ OBMCP_VAULT_KEYS: `a:${key()}` })?.current.kid).toBe('a');
    expect(keyRingFromEnv({})).toBeUndefined();
  });

  it('deletes', async () => {
    const vault = new CredentialVault(new MemoryStore(), parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential);
    await vault.delete('sp:A1');
    expect(await vault.get('sp:A1')).toBeUndefined();
  });
});

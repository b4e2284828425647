// The vault's keys and seals, as an operator and an attacker with the store meet them: key files, comments,
// rotation without needless rewrites, values sealed for something else or with another algorithm.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory-store.js';
import { keyRingFromEnv, parseKeyRing } from '../src/vault/key-ring.js';
import { CredentialVault, Sealer } from '../src/vault/vault.js';

const credential = { account: 'A1', label: 'Seller A1', secret: 'Atzr|SECRET-VALUE' };
const key = (): string => randomBytes(32).toString('base64');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('key ring text (OBMCP_VAULT_KEYS, OBMCP_VAULT_KEY_FILE)', () => {
  it('one key per line or comma, spaces trimmed, blank and # lines skipped; the first is current', () => {
    const [a, b, c] = [key(), key(), key()];
    const ring = parseKeyRing(`# rotated 2026-12\n  new:${a}  \n\n# older\nold:${b} , oldest:${c}\n`);
    expect(ring.current.kid).toBe('new');
    expect(Buffer.from(ring.current.key).toString('base64')).toBe(a);
    expect(Buffer.from(ring.key('old') ?? []).toString('base64')).toBe(b);
    expect(Buffer.from(ring.key('oldest') ?? []).toString('base64')).toBe(c);
    expect(ring.key('#')).toBeUndefined();
  });

  it('a key id splits at the first colon; an empty key id is refused', () => {
    const k = key();
    expect(parseKeyRing(`k1:${k}`).key('k1')).toHaveLength(32);
    expect(() => parseKeyRing(`:${k}`)).toThrow('a vault key is written kid:base64key');
  });

  it('says which key is not 32 bytes and how long it is', () => {
    expect(() => parseKeyRing(`good:${key()},short:${randomBytes(16).toString('base64')}`)).toThrow(
      'vault key "short" must be 32 bytes (AES-256), not 16',
    );
    expect(() => parseKeyRing('')).toThrow('the credential vault needs at least one key');
    expect(() => parseKeyRing(`a:${key()},a:${key()}`)).toThrow('vault key ids must be unique');
  });

  it('reads the key file when OBMCP_VAULT_KEYS is unset or blank; neither set: no vault', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-keys-'));
    dirs.push(dir);
    const file = join(dir, 'keys');
    writeFileSync(file, `fromfile:${key()}\n`);
    expect(keyRingFromEnv({ OBMCP_VAULT_KEY_FILE: file })?.current.kid).toBe('fromfile');
    expect(keyRingFromEnv({ OBMCP_VAULT_KEYS: '  ', OBMCP_VAULT_KEY_FILE: file })?.current.kid).toBe(
      'fromfile',
    );
    expect(
      keyRingFromEnv({ OBMCP_VAULT_KEYS: `inline:${key()}`, OBMCP_VAULT_KEY_FILE: file })?.current.kid,
    ).toBe('inline');
    expect(keyRingFromEnv({ OBMCP_VAULT_KEY_FILE: ' ' })).toBeUndefined();
    expect(keyRingFromEnv({ OBMCP_VAULT_KEYS: '' })).toBeUndefined();
  });
});

describe('seals', () => {
  it('a value read under the current key is not rewritten (only an older key re-seals)', async () => {
    const store = new MemoryStore();
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential);
    const raw = await store.get('cred:sp:A1');
    expect(await vault.get('sp:A1')).toEqual(credential);
    expect(await store.get('cred:sp:A1')).toBe(raw);
  });

  it('a re-sealed value keeps the lifetime it had (it still ends with its grant)', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    const old = key();
    await new CredentialVault(store, parseKeyRing(`k1:${old}`)).put('sp:A1', credential, 60);
    const rotated = new CredentialVault(store, parseKeyRing(`k2:${key()},k1:${old}`));
    expect(await rotated.get('sp:A1')).toEqual(credential);
    now = 61_000;
    expect(await rotated.get('sp:A1')).toBeUndefined();
  });

  it('put with a lifetime: the credential vanishes with it; renew extends it, and says when there is none', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    const vault = new CredentialVault(store, parseKeyRing(`k1:${key()}`));
    await vault.put('sp:A1', credential, 10);
    expect(await vault.renew('sp:A1', 100)).toBe(true);
    now = 50_000;
    expect(await vault.get('sp:A1')).toEqual(credential);
    now = 101_000;
    expect(await vault.get('sp:A1')).toBeUndefined();
    expect(await vault.renew('sp:A1', 100)).toBe(false);
  });

  it('the protected header names the key and the subject; the secret is not in it', async () => {
    const sealer = new Sealer(parseKeyRing(`k1:${key()}`));
    const sealed = await sealer.seal('Atzr|SECRET', 'cred:sp:A1');
    const header = JSON.parse(Buffer.from(sealed.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'dir', enc: 'A256GCM', kid: 'k1', 'obmcp-bound': 'cred:sp:A1' });
    expect(await sealer.open(sealed, 'cred:sp:A1')).toEqual({ plaintext: 'Atzr|SECRET', stale: false });
    expect(await sealer.open(sealed, 'cred:sp:B2')).toBeUndefined();
  });

  it('opens nothing without a key id, and nothing sealed with another content algorithm', async () => {
    const k = key();
    const ring = parseKeyRing(`k1:${k}`);
    const sealer = new Sealer(ring);
    const bytes = new TextEncoder().encode('x');
    const noKid = await new CompactEncrypt(bytes)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', 'obmcp-bound': 'b' })
      .encrypt(ring.current.key);
    expect(await sealer.open(noKid, 'b')).toBeUndefined();
    const numericKid = await new CompactEncrypt(bytes)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: 1 as unknown as string, 'obmcp-bound': 'b' })
      .encrypt(ring.current.key);
    expect(await sealer.open(numericKid, 'b')).toBeUndefined();
    // The same key read as 256 bits of a CBC-HMAC key: a weaker construction the vault never writes.
    const cbc = await new CompactEncrypt(bytes)
      .setProtectedHeader({ alg: 'dir', enc: 'A128CBC-HS256', kid: 'k1', 'obmcp-bound': 'b' })
      .encrypt(ring.current.key);
    expect(await sealer.open(cbc, 'b')).toBeUndefined();
    expect(await sealer.open('not a jwe', 'b')).toBeUndefined();
  });
});

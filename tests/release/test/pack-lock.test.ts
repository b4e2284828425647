// scripts/release/pack-lock.mjs: packs of one app folder from parallel processes take turns (no shared shrinkwrap lost).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const LOCK_MODULE = pathToFileURL(join(REPO_ROOT, 'scripts/release/pack-lock.mjs')).href;
const { lockPathFor, withPackLock } = (await import(LOCK_MODULE)) as {
  lockPathFor(folder: string): string;
  withPackLock<T>(folder: string, fn: () => T): T;
};

const work = mkdtempSync(join(tmpdir(), 'obmcp-pack-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A child process that, under the folder's lock, writes a marker file, holds it a while, checks it is still its own
 * and removes it: what pack.mjs does with npm-shrinkwrap.json. Prints "ok" or "lost".
 */
function packer(folder: string, name: string): Promise<string> {
  const script = `
    const { withPackLock } = await import(${JSON.stringify(LOCK_MODULE)});
    const fs = await import('node:fs');
    const marker = ${JSON.stringify(join(folder, 'npm-shrinkwrap.json'))};
    const held = new Int32Array(new SharedArrayBuffer(4));
    let verdict = 'ok';
    for (let i = 0; i < 3; i++) {
      withPackLock(${JSON.stringify(folder)}, () => {
        fs.writeFileSync(marker, ${JSON.stringify(name)});
        Atomics.wait(held, 0, 0, 150);
        if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== ${JSON.stringify(name)}) verdict = 'lost';
        fs.rmSync(marker, { force: true });
      });
    }
    process.stdout.write(verdict);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('pack lock', () => {
  it('three processes packing one folder never see each other’s shrinkwrap, and leave none behind', async () => {
    const folder = mkdtempSync(join(work, 'app-'));
    const verdicts = await Promise.all(['a', 'b', 'c'].map((name) => packer(folder, name)));
    expect(verdicts).toEqual(['ok', 'ok', 'ok']);
    expect(existsSync(join(folder, 'npm-shrinkwrap.json'))).toBe(false);
    expect(existsSync(lockPathFor(folder))).toBe(false);
  }, 60_000);

  it('releases the lock when the pack throws, and returns what the pack returned', () => {
    const folder = mkdtempSync(join(work, 'app-'));
    expect(() =>
      withPackLock(folder, () => {
        throw new Error('pnpm pack failed');
      }),
    ).toThrow('pnpm pack failed');
    expect(existsSync(lockPathFor(folder))).toBe(false);
    expect(withPackLock(folder, () => 'packed')).toBe('packed');
  });

  it('gives two folders two locks, outside both', () => {
    const a = lockPathFor('/repo/apps/sp-mcp');
    expect(a).not.toBe(lockPathFor('/repo/apps/ads-mcp'));
    expect(a.startsWith(tmpdir())).toBe(true);
  });
});

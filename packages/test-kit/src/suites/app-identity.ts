// Checks every app's main entry shares: named as its package and bin, and no side effect when its built entry loads.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** What the checks read of an app object (structural, so the kit does not depend on the apps). */
export interface AppIdentity {
  readonly name: string;
  readonly packageName: string;
  readonly version: string;
}

interface PackageJson {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, { default: string }>;
}

/**
 * Registers, inside the caller's `describe`, the two checks every app shares: the app's name, package name and
 * version are its package.json's bin, name and version; importing the built entry starts nothing.
 * @param appDir the app's folder as a file URL ending in `/` (e.g. `new URL('../', import.meta.url)`)
 */
export function itIsTheAppOfItsPackage(appDir: URL, app: AppIdentity): void {
  const pkg = JSON.parse(readFileSync(new URL('package.json', appDir), 'utf8')) as PackageJson;

  it('has the name of its bin and the package name and version of its package.json', () => {
    expect(Object.keys(pkg.bin)).toEqual([app.name]);
    expect(app.packageName).toBe(pkg.name);
    expect(app.version).toBe(pkg.version);
  });

  it('starts nothing when its built entry is imported (no output, the process ends by itself)', () => {
    const entry = new URL(`${pkg.exports['.']?.default}`, appDir).href;
    const res = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(entry)});`],
      {
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect({ status: res.status, stdout: res.stdout, stderr: res.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });
}

// The app object (the package's main entry): named as its package and bin, the configured credentials as its secrets, no side effect on import.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { app } from '../src/app.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, { default: string }>;
};

describe('openbridge-mcp app', () => {
  it('has the name of its bin and the package name and version of its package.json', () => {
    expect(Object.keys(pkg.bin)).toEqual([app.name]);
    expect(app.packageName).toBe(pkg.name);
    expect(app.version).toBe(pkg.version);
  });

  it('redacts exactly the configured credentials (app.secrets)', () => {
    const config = app.loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'obkey:obsecret-1' });
    expect([...app.secrets(config)].sort()).toEqual(['obkey:obsecret-1'].sort());
  });

  it('starts nothing when its built entry is imported (no output, the process ends by itself)', () => {
    const entry = new URL(`../${pkg.exports['.']?.default}`, import.meta.url).href;
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
});

// Startup: a missing refresh token outside mock mode is one clear stderr line and exit code 2.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe('startup', () => {
  it('exits 2 with one line naming OPENBRIDGE_REFRESH_TOKEN when it is missing', () => {
    const res = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(res.status).toBe(2);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^openbridge-mcp: OPENBRIDGE_REFRESH_TOKEN is required/);
    expect(res.stdout).toBe('');
  });

  it('exits 2 on an invalid numeric setting', () => {
    const res = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', OPENBRIDGE_REFRESH_TOKEN: 'a:b', OPENBRIDGE_TIMEOUT_MS: 'soon' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/OPENBRIDGE_TIMEOUT_MS/);
  });
});

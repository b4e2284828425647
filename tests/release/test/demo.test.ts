// Smoke test of `pnpm demo`: exits 0, shows a table for each server, and at least one envelope-driven recovery.
import { describe, expect, it } from 'vitest';
import { DEMO_SCRIPT, REPO_ROOT } from '../src/paths.js';
import { runNode } from '@obmcp/test-kit';

describe('pnpm demo', () => {
  it('plays the session on all three servers and recovers from an error with one retry', {
    timeout: 150_000,
  }, async () => {
    const run = await runNode(DEMO_SCRIPT, [], { cwd: REPO_ROOT });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const app of ['sp-mcp', 'ads-mcp', 'openbridge-mcp']) {
      const section = run.stdout.split(`■ ${app}\n`)[1]?.split('\n■ ')[0] ?? '';
      expect(section, `${app} section`).toMatch(/recovered/);
      expect(section, `${app} recovered row`).toMatch(/ yes\s*$/m);
      expect(section).not.toMatch(/✗ want/);
    }
    // Where a reader first meets an Openbridge envelope, the demo says why it reads sp_api_http.
    const openbridge = run.stdout.split('■ openbridge-mcp\n')[1] ?? '';
    expect(openbridge.replace(/\s*ℹ\s*/g, ' ')).toMatch(/SP family, so its HTTP failures are sp_api_http/);
    expect(run.stdout).toMatch(/demo ok in [\d.]+ s/);
  });
});

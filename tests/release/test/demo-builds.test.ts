// `pnpm demo` builds what the README's next commands run; the conformance CLI unbuilt is one line, not a stack trace.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const { NEEDED } = (await import(
  pathToFileURL(join(REPO_ROOT, 'scripts/demo/build-if-needed.mjs')).href
)) as {
  NEEDED: string[];
};

/** Shell blocks of the README, from the demo command on. */
function commandsAfterDemo(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const demo = blocks.findIndex((b) => b.includes('demo'));
  expect(demo).toBeGreaterThanOrEqual(0);
  return blocks.slice(demo).join('\n');
}

describe('pnpm demo builds what comes next', () => {
  it("every built file the README's commands use is one the demo builds", () => {
    const commands = commandsAfterDemo();
    const used = [
      ...commands.matchAll(/(?:\.\/)?((?:apps|packages|tests)\/[\w.-]+\/dist\/[\w./-]+\.js)/g),
    ].map((m) => m[1] ?? '');
    if (/pnpm@[\d.]+ conformance|pnpm conformance/.test(commands)) used.push('tests/conformance/dist/cli.js');
    expect(used.length).toBeGreaterThan(0);
    for (const file of used) expect(NEEDED).toContain(file);
  });

  it('the conformance CLI, not built, says how to build it: one stderr line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'obmcp-conformance-bin-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(join(REPO_ROOT, 'tests/conformance/bin/cli.mjs'), join(dir, 'bin/cli.mjs'));
      const run = spawnSync(process.execPath, [join(dir, 'bin/cli.mjs'), '--help'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toEqual([
        'conformance: the CLI is not built yet (tests/conformance/dist/cli.js is missing); run `npx -y pnpm@12.4.2 build` (or `pnpm demo`) first',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

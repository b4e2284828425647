// The CLI over a real stdio server: the contract example conforms, a bare SDK server fails readably.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const EXAMPLE = fileURLToPath(
  new URL('../../../packages/mcp-server/dist/example/server.js', import.meta.url),
);
const BROKEN = fileURLToPath(new URL('./fixtures/broken-server.mjs', import.meta.url));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('conformance CLI', () => {
  it('passes the contract example server and exits 0', async () => {
    const out = await cli([
      '--',
      '--stdio',
      `node ${EXAMPLE}`,
      '--prefix',
      'SP_API',
      '--execute',
      'all',
      '--probe',
      'all',
    ]);
    expect(out.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(out.stdout).toContain('✓ contract_tool.mapping');
    expect(out.code, out.stdout + out.stderr).toBe(0);
  });

  it('with the test hooks on, the crash hook is judged (internal_error) and no other check calls it', async () => {
    const out = await cli([
      '--stdio',
      `node ${EXAMPLE}`,
      '--prefix',
      'SP_API',
      '--env',
      'OBMCP_MOCK=1',
      '--env',
      'OBMCP_TEST_HOOKS=1',
      '--execute',
      'all',
      '--probe',
      'all',
      '--verbose',
    ]);
    expect(out.stdout).toContain('✓ test_hook.internal_error');
    expect(out.stdout).not.toMatch(/(examples\.accepted|bad_input\.[a-z_]+):obmcp_test_crash/);
    expect(out.code, out.stdout + out.stderr).toBe(0);
  });

  it('fails a bare SDK server with readable reasons and a non-zero exit', async () => {
    const out = await cli(['--stdio', `node ${BROKEN}`, '--probe', 'all', '--execute', 'all']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      '✗ capabilities.openbridge_envelope — capabilities.experimental.openbridge_envelope is missing',
    );
    expect(out.stdout).toContain('✗ contract_tool.listed');
    expect(out.stdout).toMatch(/✗ tools\.shape:get_thing — _meta\["io\.obmcp\/examples"\] has no examples/);
    expect(out.stdout).toMatch(
      /✗ unknown_tool — expected tool_not_found\/TOOL_NOT_FOUND.*got protocol error|✗ unknown_tool — .*plain-text error/,
    );
    expect(out.stdout).toMatch(/\d+ passed, [1-9]\d* failed/);
  });

  it('rejects a missing --stdio with usage and exit 2', async () => {
    const out = await cli(['--prefix', 'SP_API']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('usage: conformance --stdio');
  });
});

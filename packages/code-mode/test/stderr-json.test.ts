// Every line a Code Mode server writes to stderr is JSON, whatever a script does (no raw emscripten `Aborted(...)`).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('stderr stays JSON lines', () => {
  it('through deep results, a memory bomb and a busy loop run at once (one child process, the built package)', async () => {
    const probe = fileURLToPath(new URL('./fixtures/stderr-probe.mjs', import.meta.url));
    const { stdout, stderr } = await run(process.execPath, [probe], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      timeout: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual([
      expect.any(String),
      'memory',
      'timeout',
      'ok',
      expect.any(String),
      'ok',
    ]);
    const lines = stderr.split('\n').filter((line) => line.length > 0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(stderr).not.toContain('Aborted(');
    // The worker's own log lines reach the parent's logger (JSON, with the thread's error message).
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; error?: { message?: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'code mode call_tool failed without an envelope',
        error: expect.objectContaining({ message: 'kaboom' }),
      }),
    );
  });
});

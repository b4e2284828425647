// The shared deadline clock holds the process open while a deadline is pending, not long after (real child processes).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const clock = fileURLToPath(new URL('../dist/deadline-clock.js', import.meta.url));

function run(script: string): { ms: number; out: string } {
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { ms: Date.now() - started, out: child.stdout + child.stderr };
}

describe('deadline clock', () => {
  it('a cancelled deadline does not keep the process alive', () => {
    const { ms, out } = run(
      `import { scheduleDeadline } from ${JSON.stringify(clock)};
       const cancel = scheduleDeadline(20000, () => console.log('fired'));
       cancel();
       scheduleDeadline(30000, () => console.log('fired'))();`,
    );
    expect(out).toBe('');
    expect(ms).toBeLessThan(5_000);
  });

  it('after back-to-back deadlines are cancelled, the process exits within the idle grace (not at 30 s)', () => {
    const { ms, out } = run(
      `import { scheduleDeadline } from ${JSON.stringify(clock)};
       for (let i = 0; i < 100; i++) scheduleDeadline(30000, () => console.log('fired'))();`,
    );
    expect(out).toBe('');
    expect(ms).toBeLessThan(5_000);
  });

  it('a pending deadline keeps the process alive until it fires', () => {
    const { ms, out } = run(
      `import { scheduleDeadline } from ${JSON.stringify(clock)};
       scheduleDeadline(10000, () => undefined)();
       scheduleDeadline(300, () => console.log('fired'));`,
    );
    expect(out.trim()).toBe('fired');
    expect(ms).toBeGreaterThanOrEqual(300);
  });
});

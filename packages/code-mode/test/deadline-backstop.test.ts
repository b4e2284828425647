// A run whose thread never answers is ended at its deadline + grace with the same limitation the sandbox gives itself.
import { createLogger } from '@obmcp/mcp-server/server';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { runInThread } from '../src/worker/run-in-thread.js';
import { SandboxThread } from '../src/worker/sandbox-thread.js';
import { ThreadPool } from '../src/worker/thread-pool.js';
import { FakeHost } from './fake-host.js';

const limits = resolveLimits({ maxConcurrentRuns: 1 });

function run(pool: ThreadPool, code: string, timeoutMs: number) {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({
    name: 'backstop-test',
    level: 'debug',
    write: (l) => lines.push(JSON.parse(l)),
  });
  const outcome = runInThread(pool, limits, {
    code,
    timeoutMs,
    host: new FakeHost(),
    signal: new AbortController().signal,
    log,
  });
  return { outcome, lines };
}

describe('the wall-time backstop', () => {
  it('answers word for word what the sandbox answers itself; only the log says the thread was terminated', async () => {
    const own = run(new ThreadPool(limits), 'while (true) {}', 200);
    const deaf = run(
      new ThreadPool(
        limits,
        (l) => new SandboxThread(new URL('./fixtures/deaf-worker.mjs', import.meta.url), l),
      ),
      '',
      200,
    );
    const [ownOutcome, deafOutcome] = await Promise.all([own.outcome, deaf.outcome]);
    expect(ownOutcome).toEqual({
      status: 'limitation',
      limitation: {
        kind: 'timeout',
        issue: 'InternalError: interrupted (wall-time limit 200 ms)',
        limit: 200,
      },
      logs: [],
      calls: 0,
    });
    expect(deafOutcome).toEqual(ownOutcome);
    expect(deaf.lines).toContainEqual(
      expect.objectContaining({
        msg: 'code mode sandbox thread terminated at its deadline',
        timeout_ms: 200,
      }),
    );
    expect(own.lines.map((l) => l.msg)).not.toContain('code mode sandbox thread terminated at its deadline');
  });
});

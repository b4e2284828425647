// SandboxThread, the main side of a real worker: messages both ways as JSON text, the worker's raw output as
// log lines of the run holding it, a crash handed to the run with its error, termination, and the heap limits.
import type { Logger } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it, vi } from 'vitest';
import { resolveLimits } from '../src/options.js';
import type { FromWorker } from '../src/worker/protocol.js';
import { SandboxThread, workerResourceLimits } from '../src/worker/sandbox-thread.js';

const fixture = new URL('./fixtures/noisy-worker.mjs', import.meta.url);
const limits = resolveLimits({ maxCalls: 3 });

/** Polls `check` every few ms; throws (failing the test, never hanging it) after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function attached(thread: SandboxThread) {
  const messages: FromWorker[] = [];
  const exits: Array<Error | undefined> = [];
  const warned: Array<[string, unknown]> = [];
  const log: Logger = { ...silentLogger, warn: (msg, fields) => void warned.push([msg, fields]) };
  thread.attach({ message: (m) => messages.push(m), exit: (e) => exits.push(e) }, log);
  return { messages, exits, warned };
}

describe('SandboxThread', () => {
  it("posts JSON text, hands back the worker's messages decoded, and its output as warn lines", async () => {
    const thread = new SandboxThread(fixture, limits);
    const seen = attached(thread);
    thread.post({ type: 'run', code: 'return 1;', timeoutMs: 100 });
    await until(() => seen.messages.length === 1 && seen.warned.length === 2);
    expect(seen.messages).toEqual([
      {
        type: 'log',
        level: 'info',
        msg: 'echo',
        fields: {
          message: { type: 'run', code: 'return 1;', timeoutMs: 100 },
          limits,
          resourceLimits: expect.objectContaining(workerResourceLimits(limits)),
        },
      },
    ]);
    expect(seen.warned).toEqual(
      expect.arrayContaining([
        ['code mode worker output', { stream: 'stdout', text: 'printed on stdout' }],
        ['code mode worker output', { stream: 'stderr', text: 'printed on stderr' }],
      ]),
    );
    expect(thread.alive).toBe(true);
    // Detached: the next run's messages no longer reach this listener.
    thread.detach();
    thread.post({ type: 'run', code: 'again', timeoutMs: 100 });
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.messages).toHaveLength(1);
    thread.terminate();
    expect(thread.alive).toBe(false);
  });

  it("the worker's output never reaches this process's own stdout or stderr raw", async () => {
    const raw: string[] = [];
    const record = (chunk: unknown) => {
      raw.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(record);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(record);
    try {
      const thread = new SandboxThread(fixture, limits);
      const seen = attached(thread);
      thread.post({ type: 'run', code: 'return 1;', timeoutMs: 100 });
      await until(() => seen.warned.length === 2);
      await new Promise((r) => setTimeout(r, 100));
      thread.terminate();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(raw.filter((text) => text.includes('printed on'))).toEqual([]);
  });

  it('output before any run attached is dropped, and the next run still gets its own', async () => {
    const thread = new SandboxThread(fixture, limits);
    thread.post({ type: 'run', code: 'unattended', timeoutMs: 100 });
    await new Promise((r) => setTimeout(r, 300));
    const seen = attached(thread);
    thread.post({ type: 'run', code: 'return 1;', timeoutMs: 100 });
    await until(() => seen.messages.length === 1 && seen.warned.length === 2);
    expect(seen.warned).toHaveLength(2);
    thread.terminate();
  });

  it('a worker that throws: the run is told it exited, with the error', async () => {
    const thread = new SandboxThread(fixture, limits);
    const seen = attached(thread);
    thread.post({ type: 'run', code: 'crash', timeoutMs: 100 });
    await until(() => seen.exits.length === 1);
    expect(seen.exits[0]).toBeInstanceOf(TypeError);
    expect(seen.exits[0]?.message).toBe('worker crashed');
    expect(thread.alive).toBe(false);
  });

  it('terminated: not alive at once, and the run that held it is not told of an exit', async () => {
    const thread = new SandboxThread(fixture, limits);
    const seen = attached(thread);
    thread.terminate();
    expect(thread.alive).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.exits).toEqual([]);
  });
});

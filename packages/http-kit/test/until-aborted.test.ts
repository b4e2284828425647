// untilAborted: the work's outcome, or the signal's reason at once, and no listener left behind on a long-lived signal.
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../src/until-aborted.js';

const never = new Promise<never>(() => undefined);

/** Runs `body` and collects the process warnings it caused (MaxListenersExceededWarning is one). */
async function warningsOf(body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (warning: Error) => seen.push(warning.name);
  process.on('warning', onWarning);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

describe('untilAborted', () => {
  it('settles with the work while the signal stays quiet', async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve(7), signal)).resolves.toBe(7);
    await expect(untilAborted(Promise.reject(new Error('upstream failed')), signal)).rejects.toThrow(
      'upstream failed',
    );
  });

  it('rejects with the reason as soon as the signal aborts, even if the work never settles', async () => {
    const controller = new AbortController();
    const pending = untilAborted(never, controller.signal);
    controller.abort(new Error('cancelled by the client'));
    await expect(pending).rejects.toThrow('cancelled by the client');
  });

  it('rejects at once for a signal that already aborted', async () => {
    await expect(untilAborted(never, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('many calls on one long-lived signal leave no listener behind (no MaxListenersExceededWarning)', async () => {
    const signal = new AbortController().signal;
    const warnings = await warningsOf(async () => {
      for (let i = 0; i < 30; i++) await untilAborted(Promise.resolve(i), signal);
    });
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

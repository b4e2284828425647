// createDeadline: timeout vs caller abort, and nothing left armed once the exchange settles.
import { describe, expect, it } from 'vitest';
import { createDeadline } from '../src/deadline.js';

describe('createDeadline', () => {
  it('aborts with a TimeoutError once the time is up, and says so', async () => {
    const d = createDeadline(20);
    await new Promise((r) => setTimeout(r, 40));
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as DOMException).name).toBe('TimeoutError');
    expect(d.timedOut()).toBe(true);
    d.dispose();
  });

  it('a caller abort passes its own reason through and is not a timeout', () => {
    const caller = new AbortController();
    const d = createDeadline(10_000, caller.signal);
    caller.abort(new Error('client went away'));
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as Error).message).toBe('client went away');
    expect(d.timedOut()).toBe(false);
    d.dispose();
  });

  it('an already aborted caller aborts at once', () => {
    const d = createDeadline(10_000, AbortSignal.abort('gone'));
    expect(d.signal.reason).toBe('gone');
    d.dispose();
  });

  it('dispose clears the timer and the caller listener (no lingering timeout per request)', async () => {
    const caller = new AbortController();
    const deadlines = Array.from({ length: 50 }, () => createDeadline(20, caller.signal));
    for (const d of deadlines) d.dispose();
    await new Promise((r) => setTimeout(r, 40));
    caller.abort();
    expect(deadlines.some((d) => d.timedOut())).toBe(false);
    expect(deadlines.every((d) => !d.signal.aborted)).toBe(true);
  });

  it('race rejects with the timeout reason while the work never settles', async () => {
    const d = createDeadline(20);
    const never = new Promise<never>(() => undefined);
    await expect(d.race(never)).rejects.toMatchObject({ name: 'TimeoutError' });
    d.dispose();
  });

  it('race rejects with the caller reason, and settles with the work otherwise', async () => {
    const caller = new AbortController();
    const d = createDeadline(10_000, caller.signal);
    const pending = d.race(new Promise<never>(() => undefined));
    caller.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
    d.dispose();
    const ok = createDeadline(10_000);
    await expect(ok.race(Promise.resolve(42))).resolves.toBe(42);
    await expect(ok.race(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    ok.dispose();
  });

  it('race on an already aborted deadline rejects at once', async () => {
    const d = createDeadline(10_000, AbortSignal.abort('gone'));
    await expect(d.race(Promise.resolve(1))).rejects.toBe('gone');
    d.dispose();
  });
});

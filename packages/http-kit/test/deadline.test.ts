// createDeadline: the timeout or the caller's abort rejects the race and runs the stop hook; dispose leaves nothing armed.
import { describe, expect, it } from 'vitest';
import { pendingDeadlines } from '../src/deadline-clock.js';
import { createDeadline, LISTEN_AFTER_MS } from '../src/deadline.js';

describe('createDeadline', () => {
  it('says when the time is up', async () => {
    const d = createDeadline(20);
    expect(d.timedOut()).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    expect(d.timedOut()).toBe(true);
    d.dispose();
  });

  it('race rejects with a TimeoutError while the work never settles', async () => {
    const d = createDeadline(20);
    const never = new Promise<never>(() => undefined);
    await expect(d.race(never)).rejects.toMatchObject({ name: 'TimeoutError' });
    d.dispose();
  });

  it('race settles with the work otherwise, rejections included', async () => {
    const ok = createDeadline(10_000);
    await expect(ok.race(Promise.resolve(42))).resolves.toBe(42);
    await expect(ok.race(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    ok.dispose();
  });

  it('race on an expired deadline rejects at once', async () => {
    const d = createDeadline(5);
    await new Promise((r) => setTimeout(r, 20));
    await expect(d.race(Promise.resolve(1))).rejects.toMatchObject({ name: 'TimeoutError' });
    d.dispose();
  });

  it('throwIfOver throws the TimeoutError only once the time is up', async () => {
    const d = createDeadline(20);
    expect(() => d.throwIfOver()).not.toThrow();
    await new Promise((r) => setTimeout(r, 40));
    expect(() => d.throwIfOver()).toThrow(expect.objectContaining({ name: 'TimeoutError' }));
    d.dispose();
  });

  it('onOver runs the last registered stop when the time is up', async () => {
    const d = createDeadline(20);
    const stopped: string[] = [];
    d.onOver(() => stopped.push('first'));
    d.onOver(() => stopped.push('reader'));
    await new Promise((r) => setTimeout(r, 40));
    expect(stopped).toEqual(['reader']);
    d.dispose();
  });

  it('dispose clears the timer (no lingering timeout or stop per request)', async () => {
    const stopped: number[] = [];
    const deadlines = Array.from({ length: 50 }, (_, i) => {
      const d = createDeadline(20);
      d.onOver(() => stopped.push(i));
      return d;
    });
    for (const d of deadlines) d.dispose();
    await new Promise((r) => setTimeout(r, 40));
    expect(deadlines.some((d) => d.timedOut())).toBe(false);
    expect(stopped).toEqual([]);
  });

  it("the caller's abort rejects the race with its reason and runs the stop hook (not a timeout)", async () => {
    const caller = new AbortController();
    const d = createDeadline(10_000, caller.signal);
    const stopped: string[] = [];
    d.onOver(() => stopped.push('dispatch'));
    const race = d.race(new Promise<never>(() => undefined));
    const reason = new Error('tool cancelled');
    caller.abort(reason);
    await expect(race).rejects.toBe(reason);
    expect(stopped).toEqual(['dispatch']);
    expect(d.timedOut()).toBe(false);
    expect(() => d.throwIfOver()).toThrow(reason);
    d.dispose();
  });

  it('an exchange that is already over runs a newly registered stop at once', () => {
    const reason = new Error('gone');
    const d = createDeadline(10_000, AbortSignal.abort(reason));
    const stopped: string[] = [];
    d.onOver(() => stopped.push('reader'));
    expect(stopped).toEqual(['reader']);
    d.dispose();
  });

  it("after dispose the caller's abort runs nothing (its listener is removed)", async () => {
    const caller = new AbortController();
    const d = createDeadline(10_000, caller.signal);
    const stopped: string[] = [];
    d.onOver(() => stopped.push('late'));
    d.dispose();
    caller.abort();
    expect(stopped).toEqual([]);
  });

  it('deadlines share one clock: each dispose takes its entry off', () => {
    const before = pendingDeadlines();
    const many = Array.from({ length: 20 }, (_, i) => createDeadline(1_000 + i));
    expect(pendingDeadlines()).toBe(before + 20);
    for (const d of many) d.dispose();
    expect(pendingDeadlines()).toBe(before);
  });

  it('a shorter deadline created after a longer one still fires on time', async () => {
    const long = createDeadline(10_000);
    const short = createDeadline(20);
    await expect(short.race(new Promise<never>(() => undefined))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(long.timedOut()).toBe(false);
    long.dispose();
    short.dispose();
  });

  it('an exchange that settles fast never listens to the caller (no listener added or removed)', async () => {
    const caller = new AbortController();
    const added: string[] = [];
    const add = caller.signal.addEventListener.bind(caller.signal);
    caller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      added.push(args[0]);
      add(...args);
    }) as typeof add;
    const fast = createDeadline(10_000, caller.signal);
    await expect(fast.race(Promise.resolve('done'))).resolves.toBe('done');
    fast.dispose();
    const slow = createDeadline(10_000, caller.signal);
    await new Promise((r) => setTimeout(r, LISTEN_AFTER_MS + 30));
    expect(added).toEqual(['abort']);
    slow.dispose();
  });

  it('a caller who aborts before the listener is attached still ends the exchange at that check', async () => {
    const caller = new AbortController();
    const d = createDeadline(10_000, caller.signal);
    const started = Date.now();
    const race = d.race(new Promise<never>(() => undefined));
    caller.abort(new Error('early'));
    await expect(race).rejects.toThrow('early');
    expect(Date.now() - started).toBeLessThan(LISTEN_AFTER_MS + 500);
    d.dispose();
  });

  it('the deadline still fires on time after the listener was attached', async () => {
    const caller = new AbortController();
    const d = createDeadline(LISTEN_AFTER_MS + 40, caller.signal);
    const started = Date.now();
    await expect(d.race(new Promise<never>(() => undefined))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LISTEN_AFTER_MS + 35);
    expect(d.timedOut()).toBe(true);
    d.dispose();
  });
});

// createDeadline: the timeout rejects the race, stops a body read, and nothing stays armed after dispose.
import { describe, expect, it } from 'vitest';
import { createDeadline } from '../src/deadline.js';

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

  it('throwIfExpired throws the TimeoutError only once the time is up', async () => {
    const d = createDeadline(20);
    expect(() => d.throwIfExpired()).not.toThrow();
    await new Promise((r) => setTimeout(r, 40));
    expect(() => d.throwIfExpired()).toThrow(expect.objectContaining({ name: 'TimeoutError' }));
    d.dispose();
  });

  it('onExpire runs the last registered stop when the time is up', async () => {
    const d = createDeadline(20);
    const stopped: string[] = [];
    d.onExpire(() => stopped.push('first'));
    d.onExpire(() => stopped.push('reader'));
    await new Promise((r) => setTimeout(r, 40));
    expect(stopped).toEqual(['reader']);
    d.dispose();
  });

  it('dispose clears the timer (no lingering timeout or stop per request)', async () => {
    const stopped: number[] = [];
    const deadlines = Array.from({ length: 50 }, (_, i) => {
      const d = createDeadline(20);
      d.onExpire(() => stopped.push(i));
      return d;
    });
    for (const d of deadlines) d.dispose();
    await new Promise((r) => setTimeout(r, 40));
    expect(deadlines.some((d) => d.timedOut())).toBe(false);
    expect(stopped).toEqual([]);
  });
});

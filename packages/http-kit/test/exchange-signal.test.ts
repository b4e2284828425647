// exchangeSignal: the exchange's own timeout, the caller's abort, and release() leaving nothing behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeSignal } from '../src/exchange-signal.js';

afterEach(() => vi.useRealTimers());

describe('exchangeSignal', () => {
  it('aborts with a TimeoutError when its own timeout fires', () => {
    vi.useFakeTimers();
    const bound = exchangeSignal(1_000);
    vi.advanceTimersByTime(999);
    expect(bound.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bound.signal.aborted).toBe(true);
    expect(bound.timedOut).toBe(true);
    expect((bound.signal.reason as DOMException).name).toBe('TimeoutError');
    expect((bound.signal.reason as DOMException).message).toBe('exchange exceeded 1000 ms');
  });

  it("aborts with the caller's reason when the caller aborts, and is not a timeout", () => {
    const caller = new AbortController();
    const bound = exchangeSignal(60_000, caller.signal);
    const reason = new Error('cancelled by the client');
    caller.abort(reason);
    expect(bound.signal.aborted).toBe(true);
    expect(bound.signal.reason).toBe(reason);
    expect(bound.timedOut).toBe(false);
    bound.release();
  });

  it('starts aborted when the caller already aborted', () => {
    const caller = new AbortController();
    caller.abort('gone');
    expect(exchangeSignal(60_000, caller.signal).signal.reason).toBe('gone');
  });

  it('release() clears the timer and stops listening to the caller', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const bound = exchangeSignal(1_000, caller.signal);
    bound.release();
    expect(vi.getTimerCount()).toBe(0);
    caller.abort();
    vi.advanceTimersByTime(5_000);
    expect(bound.signal.aborted).toBe(false);
  });
});

// The wall-time deadline rule of a run, on a fake clock: the sandbox is interrupted after its deadline, never before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunState } from '../src/sandbox/run-state.js';

afterEach(() => vi.useRealTimers());

describe('RunState.shouldInterrupt', () => {
  it('is false up to the deadline and true once it has passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const T0 = Date.UTC(2026, 0, 1);
    vi.setSystemTime(T0);
    const state = new RunState(T0 + 500);
    vi.setSystemTime(T0 + 500);
    expect(state.shouldInterrupt()).toBe(false);
    vi.setSystemTime(T0 + 501);
    expect(state.shouldInterrupt()).toBe(true);
  });

  it('is true at once after a limitation, whatever the clock', () => {
    const state = new RunState(Date.now() + 60_000);
    state.fail({ kind: 'memory', issue: 'out of memory', limit: 1 });
    expect(state.shouldInterrupt()).toBe(true);
  });
});

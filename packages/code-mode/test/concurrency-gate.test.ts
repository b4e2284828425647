// ConcurrencyGate (maxConcurrentRuns): a cancelled caller is refused at once and never holds a slot, and waiting on
// one long-lived signal leaves no listener behind.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../src/sandbox/concurrency-gate.js';

const cancelled = () => {
  const controller = new AbortController();
  controller.abort(new Error('cancelled'));
  return controller.signal;
};

describe('ConcurrencyGate', () => {
  it('a caller already cancelled is refused at once while the gate is full, and queues nothing', async () => {
    const gate = new ConcurrencyGate(1);
    await gate.enter();
    const outcome = await Promise.race([
      gate.enter(cancelled()).then(
        () => 'entered',
        (e: Error) => e.message,
      ),
      new Promise((r) => setTimeout(() => r('still waiting'), 500)),
    ]);
    expect(outcome).toBe('cancelled');
    // The slot goes to the next live caller, not to the refused one.
    let next = false;
    const behind = gate.enter().then(() => {
      next = true;
    });
    gate.leave();
    await behind;
    expect(next).toBe(true);
  });

  it('a caller already cancelled is refused even with a free slot, and the slot stays free', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.enter(cancelled())).rejects.toThrow('cancelled');
    const entered = await Promise.race([
      gate.enter().then(() => true),
      new Promise((r) => setTimeout(() => r(false), 500)),
    ]);
    expect(entered).toBe(true);
  });

  it('a caller cancelled while it waits is refused and gives its turn to the one behind it', async () => {
    const gate = new ConcurrencyGate(1);
    await gate.enter();
    const controller = new AbortController();
    const first = gate.enter(controller.signal);
    const order: string[] = [];
    const second = gate.enter().then(() => order.push('second'));
    controller.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    gate.leave();
    await second;
    expect(order).toEqual(['second']);
  });

  it('runs that waited on one long-lived signal leave no abort listener on it', async () => {
    const gate = new ConcurrencyGate(1);
    const signal = new AbortController().signal;
    await gate.enter(signal);
    const waiting = Array.from({ length: 15 }, () => gate.enter(signal).then(() => gate.leave()));
    expect(getEventListeners(signal, 'abort').length).toBeGreaterThan(0);
    gate.leave();
    await Promise.all(waiting);
    expect(getEventListeners(signal, 'abort')).toEqual([]);
  });
});

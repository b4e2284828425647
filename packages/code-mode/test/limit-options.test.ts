// The operator's limit options take effect: a smaller stack refuses recursion the default allows, and
// maxConcurrentRuns is never exceeded, even by a caller that arrives while a woken waiter is resuming.
import { SandboxLimitationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../src/sandbox/concurrency-gate.js';
import { FakeHost, rejection, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const DEEP = 'function f(n) { return n === 0 ? 0 : f(n - 1) + 1; }\nreturn f(300);';

describe('maxStackBytes', () => {
  it('the default stack runs a 300-deep recursion', async () => {
    const run = runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), new FakeHost());
    expect(await run('execute', { code: DEEP })).toMatchObject({ result: 300 });
  });

  it('a 16 KiB stack refuses the same recursion as a stack limitation naming that limit', async () => {
    const small = 16 * 1024;
    const run = runner(
      sameThreadCodeModeTools({ defaultTimeoutMs: 5000, maxStackBytes: small }),
      new FakeHost(),
    );
    const error = await rejection(run('execute', { code: DEEP }));
    expect(error).toBeInstanceOf(SandboxLimitationError);
    expect((error as SandboxLimitationError).details[0]).toMatchObject({ limit_kind: 'stack', limit: small });
  });
});

describe('maxConcurrentRuns gate', () => {
  it('a caller entering between a leave and the woken waiter does not make two holders', async () => {
    const gate = new ConcurrencyGate(1);
    let holders = 0;
    let most = 0;
    const hold = async () => {
      await gate.enter();
      most = Math.max(most, ++holders);
      await new Promise((r) => setTimeout(r, 5));
      holders--;
      gate.leave();
    };
    await gate.enter();
    const waiter = hold();
    gate.leave();
    const newcomer = hold();
    await Promise.all([waiter, newcomer]);
    expect(most).toBe(1);
  });

  it('holds at most `capacity` under a burst, and every caller gets its turn', async () => {
    const gate = new ConcurrencyGate(2);
    let holders = 0;
    let most = 0;
    let done = 0;
    const hold = async () => {
      await gate.enter();
      most = Math.max(most, ++holders);
      await new Promise((r) => setTimeout(r, 1));
      holders--;
      gate.leave();
      done++;
    };
    await Promise.all(Array.from({ length: 12 }, hold));
    expect([most, done]).toEqual([2, 12]);
  });

  it('a waiter that gave up does not take the wake-up meant for the one behind it', async () => {
    const gate = new ConcurrencyGate(1);
    await gate.enter();
    const controller = new AbortController();
    const gaveUp = gate.enter(controller.signal);
    let behindEntered = false;
    const behind = gate.enter().then(() => {
      behindEntered = true;
    });
    controller.abort(new Error('gone'));
    await expect(gaveUp).rejects.toThrow('gone');
    gate.leave();
    const bound = new Promise((r) => setTimeout(r, 2000));
    await Promise.race([behind, bound]);
    expect(behindEntered).toBe(true);
    gate.leave();
  });

  it('an aborted waiter leaves the queue and the next caller still gets the slot', async () => {
    const gate = new ConcurrencyGate(1);
    await gate.enter();
    const controller = new AbortController();
    const aborted = gate.enter(controller.signal);
    controller.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    gate.leave();
    await gate.enter();
    gate.leave();
  });
});

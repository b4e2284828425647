// ThreadPool: which thread a run gets (a warm idle one, never a dead one), when a thread is kept or ended, and that
// a run past maxConcurrentRuns waits for a slot.
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import type { PooledThread } from '../src/worker/sandbox-thread.js';
import { ThreadPool } from '../src/worker/thread-pool.js';

class FakeThread implements PooledThread {
  alive = true;
  detached = 0;
  terminated = 0;
  constructor(readonly id: number) {}
  attach(): void {}
  detach(): void {
    this.detached++;
  }
  post(): void {}
  terminate(): void {
    this.terminated++;
    this.alive = false;
  }
}

function pool(maxConcurrentRuns = 2, maxIdle?: number) {
  const spawned: FakeThread[] = [];
  const spawn = () => {
    const thread = new FakeThread(spawned.length);
    spawned.push(thread);
    return thread;
  };
  const limits = resolveLimits({ maxConcurrentRuns });
  return { pool: new ThreadPool(limits, spawn, maxIdle), spawned };
}

describe('ThreadPool', () => {
  it('reuses the thread of a clean run, and ends the thread of a run that was not clean', async () => {
    const { pool: p, spawned } = pool();
    const first = await p.acquire();
    p.release(first, true);
    expect(await p.acquire()).toBe(first);
    p.release(first, false);
    expect(spawned[0]).toMatchObject({ terminated: 1, detached: 2 });
    const next = await p.acquire();
    expect(next).not.toBe(first);
    expect(spawned).toHaveLength(2);
  });

  it('keeps one idle thread by default and ends the others', async () => {
    const { pool: p, spawned } = pool(3);
    const a = await p.acquire();
    const b = await p.acquire();
    p.release(a, true);
    p.release(b, true);
    expect(spawned.map((t) => t.terminated)).toEqual([0, 1]);
    expect(await p.acquire()).toBe(a);
  });

  it('keeps as many idle threads as it is allowed', async () => {
    const { pool: p, spawned } = pool(3, 2);
    const a = await p.acquire();
    const b = await p.acquire();
    p.release(a, true);
    p.release(b, true);
    expect(spawned.map((t) => t.terminated)).toEqual([0, 0]);
  });

  it('never hands out a thread that died while idle, and does not terminate a dead one', async () => {
    const { pool: p, spawned } = pool(3, 2);
    const a = await p.acquire();
    const b = await p.acquire();
    p.release(a, true);
    p.release(b, true);
    (a as FakeThread).alive = false;
    (b as FakeThread).alive = false;
    const c = await p.acquire();
    expect(c).not.toBe(a);
    expect(c).not.toBe(b);
    expect(spawned).toHaveLength(3);
    const dead = spawned[2] as FakeThread;
    dead.alive = false;
    p.release(dead, true);
    expect(dead.terminated).toBe(0);
    expect(await p.acquire()).not.toBe(dead);
  });

  it('a dead thread released as clean does not take the idle place of a live one', async () => {
    const { pool: p, spawned } = pool(3);
    const dead = (await p.acquire()) as FakeThread;
    const live = (await p.acquire()) as FakeThread;
    dead.alive = false;
    p.release(dead, true);
    p.release(live, true);
    expect(live.terminated).toBe(0);
    expect(await p.acquire()).toBe(live);
    expect(spawned).toHaveLength(2);
  });

  it('a run past maxConcurrentRuns waits until one ends, then gets the freed slot', async () => {
    const { pool: p } = pool(1);
    const first = await p.acquire();
    let second: PooledThread | undefined;
    const waiting = p.acquire().then((t) => {
      second = t;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(second).toBeUndefined();
    p.release(first, true);
    await waiting;
    expect(second).toBe(first);
  });

  it('a run cancelled while it waits for a slot is refused with the reason', async () => {
    const { pool: p } = pool(1);
    await p.acquire();
    const controller = new AbortController();
    const waiting = p.acquire(controller.signal);
    controller.abort(new Error('request cancelled'));
    await expect(waiting).rejects.toThrow('request cancelled');
  });
});

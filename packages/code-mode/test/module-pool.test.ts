// ModulePool: a run's memory bound is its module's WebAssembly memory maximum, and a module is reused only while
// its memory is still the initial size (wasm memory never shrinks, so a grown module would carry a bigger heap).
import { describe, expect, it } from 'vitest';
import { ModulePool } from '../src/sandbox/module-pool.js';

const MiB = 1024 * 1024;

describe('ModulePool', () => {
  it("bounds each module's memory at the initial 16 MiB plus the limit, rounded up to whole pages", async () => {
    const pool = new ModulePool(1000, () => {});
    const lease = await pool.acquire();
    expect(lease.maxBytes).toBe(16 * MiB + 65_536);
    expect(lease.memory.buffer.byteLength).toBe(16 * MiB);
    const exact = await new ModulePool(2 * 65_536, () => {}).acquire();
    expect(exact.maxBytes).toBe(16 * MiB + 2 * 65_536);
  });

  it('reuses a released module, but not one released as discarded, and keeps at most maxIdle', async () => {
    const pool = new ModulePool(MiB, () => {});
    const first = await pool.acquire();
    pool.release(first, false);
    expect(await pool.acquire()).toBe(first);
    pool.release(first, true);
    const second = await pool.acquire();
    expect(second).not.toBe(first);
    const third = await pool.acquire();
    pool.release(second, false);
    pool.release(third, false);
    expect(await pool.acquire()).toBe(second);
    expect(await pool.acquire()).not.toBe(third);
  });

  it('keeps two idle modules when allowed to', async () => {
    const pool = new ModulePool(MiB, () => {}, 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    pool.release(a, false);
    pool.release(b, false);
    expect(new Set([await pool.acquire(), await pool.acquire()])).toEqual(new Set([a, b]));
  });

  it('drops a module whose memory grew past its initial size', async () => {
    const pool = new ModulePool(8 * MiB, () => {});
    const lease = await pool.acquire();
    const rt = lease.module.newRuntime();
    const ctx = rt.newContext();
    // 20 distinct 1 MB strings: past the initial 16 MiB (the run ends out of memory at the module's maximum).
    const grown = ctx.evalCode(
      'const a = []; for (let i = 0; i < 20; i++) a.push(String(i).repeat(1_000_000));',
    );
    (grown.error ?? grown.value).dispose();
    ctx.dispose();
    rt.dispose();
    expect(lease.memory.buffer.byteLength).toBeGreaterThan(16 * MiB);
    pool.release(lease, false);
    expect(await pool.acquire()).not.toBe(lease);
  });

  it("the engine's own output goes to the pool's output: an abort as stderr, a print as stdout", async () => {
    const out: Array<[string, string]> = [];
    const lease = await new ModulePool(MiB, (stream, text) => out.push([stream, text])).acquire();
    const rt = lease.module.newRuntime();
    const ctx = rt.newContext();
    ctx.newObject(); // never disposed: freeing the runtime fails QuickJS's leak assertion, and emscripten aborts
    expect(() => {
      ctx.dispose();
      rt.dispose();
    }).toThrow(/Aborted/);
    expect(out).toHaveLength(1);
    expect(out[0]?.[0]).toBe('stderr');
    expect(out[0]?.[1]).toMatch(/^Aborted\(Assertion failed/);
    // emscripten's print hook (stdout), as the loader was handed it.
    const engine = (lease.module as unknown as { module: { print(text: string): void } }).module;
    engine.print('from the engine');
    expect(out[1]).toEqual(['stdout', 'from the engine']);
  });
});

// Marshal on its own: the reasons it gives, the handles it frees, and the errors QuickJS's JSON.parse raises.
import { getQuickJS, type QuickJSContext, type QuickJSRuntime } from 'quickjs-emscripten';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { describeThrown, Marshal } from '../src/sandbox/marshal.js';

let rt: QuickJSRuntime;
let ctx: QuickJSContext;
let marshal: Marshal;

beforeEach(async () => {
  rt = (await getQuickJS()).newRuntime();
  ctx = rt.newContext();
  marshal = new Marshal(ctx);
});

afterEach(() => {
  marshal.dispose();
  ctx.dispose();
  rt.dispose();
});

/** Allocations alive in the runtime (QuickJS's own memory accounting). */
function liveAllocations(): number {
  const usage = rt.computeMemoryUsage();
  const count = (ctx.dump(usage) as { malloc_count: number }).malloc_count;
  usage.dispose();
  return count;
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('Marshal.toHost', () => {
  it('gives not_json with the engine message when JSON.stringify throws', () => {
    const handle = ctx.unwrapResult(ctx.evalCode('({ n: 1n })'));
    expect(marshal.toHost(handle, 1000)).toEqual({
      ok: false,
      reason: 'not_json',
      message: expect.stringMatching(/^TypeError: .*BigInt/),
    });
    handle.dispose();
  });

  it('frees the JSON text it read, so repeated calls do not grow the sandbox heap', () => {
    const handle = ctx.unwrapResult(ctx.evalCode('({ s: "x".repeat(1000) })'));
    marshal.toHost(handle, 10_000);
    const before = liveAllocations();
    for (let i = 0; i < 20; i++) expect(marshal.toHost(handle, 10_000).ok).toBe(true);
    expect(liveAllocations()).toBe(before);
    handle.dispose();
  });
});

describe('Marshal.toVm', () => {
  it('keeps undefined (and values JSON has no text for) as the sandbox undefined', () => {
    for (const value of [undefined, () => 1, Symbol('s')]) {
      const converted = marshal.toVm(value, 1000);
      // (compared by identity: a failing toEqual would walk the handle's whole WebAssembly module)
      expect(converted.ok && converted.handle === ctx.undefined).toBe(true);
    }
  });

  it('gives not_json with the host message when JSON.stringify throws', () => {
    const converted = marshal.toVm({ n: 1n }, 1000);
    expect(converted.ok ? 'handle' : converted).toEqual({
      ok: false,
      reason: 'not_json',
      message: expect.stringMatching(/BigInt/),
    });
  });

  it('gives not_json when QuickJS cannot parse what V8 wrote: nesting past a small maxStackBytes', () => {
    // maxStackBytes is an option; 16 KiB stops QuickJS's recursive JSON.parse well before V8's stringify.
    rt.setMaxStackSize(16 * 1024);
    const converted = marshal.toVm(nested(1000), 1_000_000);
    expect(converted.ok ? 'handle' : converted).toEqual({
      ok: false,
      reason: 'not_json',
      message: expect.stringMatching(/stack overflow/),
    });
    // The thrown value was freed: the context stays usable and the same value fits the default stack.
    rt.setMaxStackSize(resolveLimits().maxStackBytes);
    const fits = marshal.toVm(nested(1000), 1_000_000);
    expect(fits.ok).toBe(true);
    if (fits.ok) fits.handle.dispose();
  });
});

describe('describeThrown', () => {
  it('reads name and message of an error, and any other thrown value as a string', () => {
    const error = ctx.newError({ name: 'RangeError', message: 'too far' });
    expect(describeThrown(ctx, error)).toBe('RangeError: too far');
    error.dispose();
    const text = ctx.newString('plain');
    expect(describeThrown(ctx, text)).toBe('Error: plain');
    text.dispose();
  });

  it('never throws itself, even for a value it cannot read', () => {
    const handle = ctx.newString('gone');
    handle.dispose();
    expect(describeThrown(ctx, handle)).toBe('Error: (unreadable error value)');
  });
});

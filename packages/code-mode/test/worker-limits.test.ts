// A sandbox thread's V8 heap cap: 64 MiB plus room for the bridge's bounded JSON (4× the largest call value and
// result), so a larger maxCallValueBytes raises the cap instead of killing runs that stay within it.
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { workerResourceLimits } from '../src/worker/sandbox-thread.js';

const MiB = 1024 * 1024;

describe('workerResourceLimits', () => {
  it('the defaults: 64 MiB + 17 MiB of bridge (4 MiB values, 256 KiB results), 16 MiB young, 4 MiB stack', () => {
    expect(workerResourceLimits(resolveLimits())).toEqual({
      maxOldGenerationSizeMb: 81,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    });
  });

  it('grows with the call value and result bounds, rounding up to whole MiB', () => {
    expect(
      workerResourceLimits(resolveLimits({ maxCallValueBytes: 10 * MiB, maxResultBytes: 1 }))
        .maxOldGenerationSizeMb,
    ).toBe(64 + 41);
    expect(
      workerResourceLimits(resolveLimits({ maxCallValueBytes: 1, maxResultBytes: 2 * MiB }))
        .maxOldGenerationSizeMb,
    ).toBe(64 + 9);
  });
});

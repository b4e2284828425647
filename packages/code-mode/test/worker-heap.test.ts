// The heap a sandbox thread gets: 64 MiB for the engine's glue plus four times each bridge bound (the JSON text of
// call values and of the result), rounded up to whole MiB; the young generation and the stack are fixed.
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { workerResourceLimits } from '../src/worker/sandbox-thread.js';

const MiB = 1024 * 1024;

describe('workerResourceLimits', () => {
  it('the defaults: 64 + 4 × 4 MiB + 4 × 256 KiB = 81 MiB of old generation', () => {
    expect(workerResourceLimits(resolveLimits())).toEqual({
      maxOldGenerationSizeMb: 81,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    });
  });

  it('bridge bounds of a few bytes still reserve one whole MiB', () => {
    const limits = resolveLimits({ maxCallValueBytes: 1, maxResultBytes: 1 });
    expect(workerResourceLimits(limits).maxOldGenerationSizeMb).toBe(65);
  });

  it('each bound counts four times, rounded up', () => {
    const values = resolveLimits({ maxCallValueBytes: 2 * MiB, maxResultBytes: 1 });
    expect(workerResourceLimits(values).maxOldGenerationSizeMb).toBe(64 + 9);
    const results = resolveLimits({ maxCallValueBytes: 1, maxResultBytes: 3 * MiB });
    expect(workerResourceLimits(results).maxOldGenerationSizeMb).toBe(64 + 13);
  });
});

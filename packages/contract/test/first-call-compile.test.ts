// Validators compile on a tool's first call: a bad example surfaces as that call's envelope, the server stays.
// (A tool that cannot be published portably still stops startup: portable-schema.test.ts.)
import { describe, expect, it } from 'vitest';
import { hostWith, tool } from './helpers.js';

const schema = (examples: unknown[]) => ({
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  examples,
});

describe('compiling on the first call', () => {
  it('starts with a tool whose example fails its own schema, answers its call with an internal envelope, and keeps serving', async () => {
    const host = hostWith([tool('bad_example', schema([{ n: 'one' }])), tool('good', schema([{ n: 1 }]))]);
    const bad = await host.call('bad_example', { n: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.envelope.error_kind).toBe('internal_error');
    expect(await host.call('good', { n: 2 })).toMatchObject({ ok: true });
  });
});

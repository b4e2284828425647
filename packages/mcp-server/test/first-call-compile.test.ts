// Validators compile on a tool's first call: a bad example surfaces as that call's envelope, the server stays.
// (Portability is not a run-time gate either: each app's snapshot test checks every published view.)
import { describe, expect, it, vi } from 'vitest';
import { compileTool } from '../src/server/compiled-tool.js';
import { hostWith, tool } from './helpers.js';

// The real compileTool, counted.
vi.mock('../src/server/compiled-tool.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/server/compiled-tool.js')>();
  return { ...actual, compileTool: vi.fn(actual.compileTool) };
});

const schema = (examples: unknown[]) => ({
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  examples,
});

const compilesOf = (name: string) =>
  vi.mocked(compileTool).mock.calls.filter(([definition]) => definition.name === name).length;

describe('compiling on the first call', () => {
  it('starts with a tool whose example fails its own schema, answers its call with an internal envelope, and keeps serving', async () => {
    const host = hostWith([tool('bad_example', schema([{ n: 'one' }])), tool('good', schema([{ n: 1 }]))]);
    const bad = await host.call('bad_example', { n: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.envelope.error_kind).toBe('internal_error');
    expect(await host.call('good', { n: 2 })).toMatchObject({ ok: true });
  });

  it('a failed compile is remembered: one compile across calls, the same internal envelope every time', async () => {
    const host = hostWith([tool('broken', schema([{ n: 'one' }])), tool('fine', schema([{ n: 1 }]))]);
    expect(compilesOf('broken')).toBe(0);
    const first = await host.call('broken', { n: 1 });
    const second = await host.call('broken', { n: 2 });
    expect(compilesOf('broken')).toBe(1);
    for (const outcome of [first, second]) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(outcome.envelope).toMatchObject({ error_kind: 'internal_error', tool: 'broken' });
    }
    if (!first.ok && !second.ok) expect(second.envelope).toEqual(first.envelope);
    // a good tool compiles once too, and its failure-free calls are unaffected
    await host.call('fine', { n: 1 });
    await host.call('fine', { n: 2 });
    expect(compilesOf('fine')).toBe(1);
  });
});

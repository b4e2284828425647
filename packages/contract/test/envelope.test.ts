// buildEnvelope: bounds, _envelope_version, _meta hygiene, legacy_error_kind.
import { afterEach, describe, expect, test } from 'vitest';
import { buildEnvelope } from '../src/entries/envelope.js';
import { staleReclassifications, useReclassifications } from '../src/index.js';
import { LIMITS } from '../src/envelope/build.js';
import { expectSchemaValid, MINIMAL_ENVELOPE_INPUT } from './helpers.js';

const base = MINIMAL_ENVELOPE_INPUT;
// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe('buildEnvelope', () => {
  test('summary: one line, control characters stripped, at most 300 characters; never empty', () => {
    const e = buildEnvelope({ ...base, summary: `first\nsecond\r\n\u0007bell\u2028${'x'.repeat(1000)}` });
    expect(e.summary).not.toMatch(/[\r\n]/);
    expect(e.summary).not.toMatch(CONTROL);
    expect(e.summary.length).toBeLessThanOrEqual(LIMITS.summary);
    expect(e.summary.startsWith('first second bell')).toBe(true);
    expect(buildEnvelope({ ...base, summary: ' \n\t ' }).summary).toBe('Tool call failed.');
    expect(buildEnvelope({ ...base, tool: '' }).tool).toBe('unknown_tool');
  });

  test('hints: at most 8, each bounded and one line, duplicates and empties dropped', () => {
    const hints = [
      'same',
      'same',
      '',
      ...Array.from({ length: 20 }, (_, i) => `hint ${i}\n${'y'.repeat(400)}`),
    ];
    const e = buildEnvelope({ ...base, hints });
    expect(e.hints).toHaveLength(LIMITS.hints);
    expect(e.hints[0]).toBe('same');
    for (const h of e.hints) expect(h.length <= LIMITS.hint && !/\n/.test(h)).toBe(true);
  });

  test('details: at most 25, strings bounded, deep nesting truncated, required fields always present', () => {
    const deep = { a: { b: { c: { d: { e: 'deep' } } } } };
    const details = Array.from({ length: 40 }, () => ({
      path: 'p',
      issue: 'i'.repeat(2000),
      received_type: 'x',
      deep,
    }));
    const e = buildEnvelope({ ...base, details: [...details, null as never] });
    expect(e.details).toHaveLength(LIMITS.details);
    expect(e.details[0]?.issue.length).toBeLessThanOrEqual(LIMITS.detailString);
    expect(JSON.stringify(e.details[0])).toContain('[truncated]');
    const odd = buildEnvelope({ ...base, details: [null as never, 'text' as never, { path: 5 } as never] });
    expect(odd.details).toEqual([
      { path: '', issue: 'invalid value', received_type: 'unknown' },
      { path: '', issue: 'invalid value', received_type: 'unknown' },
      { path: '', issue: 'invalid value', received_type: 'unknown' },
    ]);
    expectSchemaValid(odd);
  });

  test('examples: at most 3, oversized or non-JSON ones dropped', () => {
    const big = { blob: 'z'.repeat(LIMITS.exampleBytes + 1) };
    expect(buildEnvelope({ ...base, examples: [{ a: 1 }, big, { n: 10n }, { b: 2 }] }).examples).toEqual([
      { a: 1 },
    ]);
    expect(buildEnvelope({ ...base, examples: [1, 2, 3, 4, 5] }).examples).toEqual([1, 2, 3]);
  });

  test('_envelope_version 1, a malformed code becomes INTERNAL_ERROR, absent/null _meta values stay absent', () => {
    const e = buildEnvelope({
      ...base,
      code: 'not-a-code',
      meta: { request_id: undefined, warnings: [], x: null },
    });
    expect(e._envelope_version).toBe(1);
    expect(e.error_code).toBe('INTERNAL_ERROR');
    expect(e).not.toHaveProperty('_meta');
    expect(e).not.toHaveProperty('legacy_error_kind');
  });

  test('_meta values the schema rejects are dropped, the rest kept (the envelope stays valid)', () => {
    const meta = {
      retry_after_seconds: -1,
      rate_limit: { remaining: null },
      request_id: 'req-1',
      cyclic: (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    };
    const e = buildEnvelope({ ...base, meta });
    expect(e._meta).toEqual({ request_id: 'req-1' });
    expectSchemaValid(e);
    expect(buildEnvelope({ ...base, meta: { retry_after_seconds: Number.NaN } })).not.toHaveProperty('_meta');
  });

  describe('legacy_error_kind', () => {
    let restore: () => void = () => {};
    afterEach(() => restore());

    test('carried while a reclassification is in force, absent otherwise', () => {
      restore = useReclassifications([
        { code: 'TOOL_NOT_FOUND', from: 'mcp_input_validation', to: 'tool_not_found', introducedIn: '0.1.0' },
      ]);
      const moved = buildEnvelope({ ...base, kind: 'tool_not_found', code: 'TOOL_NOT_FOUND' });
      expect(moved.legacy_error_kind).toBe('mcp_input_validation');
      expectSchemaValid(moved);
      expect(buildEnvelope({ ...base, kind: 'tool_not_found', code: 'OTHER' })).not.toHaveProperty(
        'legacy_error_kind',
      );
      expect(staleReclassifications('0.1.0')).toEqual([]);
      expect(staleReclassifications('0.2.0')).toHaveLength(1);
      restore();
      expect(buildEnvelope({ ...base, kind: 'tool_not_found', code: 'TOOL_NOT_FOUND' })).not.toHaveProperty(
        'legacy_error_kind',
      );
    });
  });
});

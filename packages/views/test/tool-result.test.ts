// What a view reads from a tools/call result: the data it shows, the failure it explains, or the text as written.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { arr, cell, num, obj, str } from '../src/shared/json.js';
import { readResult } from '../src/shared/tool-result.js';

const text = (t: string, extra: Partial<CallToolResult> = {}): CallToolResult => ({
  content: [{ type: 'text', text: t }],
  ...extra,
});

describe('readResult: a failure', () => {
  it('the v1 envelope: summary, kind, code, retryable, the text hints and the wait', () => {
    const envelope = {
      summary: 'Throttled by Amazon',
      error_kind: 'rate_limited',
      error_code: 'RATE_LIMITED',
      retryable: true,
      hints: ['Wait a minute', 42, null, 'Narrow the dates'],
      _meta: { retry_after_seconds: 30 },
    };
    expect(readResult(text(JSON.stringify(envelope), { isError: true }))).toEqual({
      kind: 'envelope',
      envelope: {
        summary: 'Throttled by Amazon',
        error_kind: 'rate_limited',
        error_code: 'RATE_LIMITED',
        retryable: true,
        hints: ['Wait a minute', 'Narrow the dates'],
        retry_after_seconds: 30,
      },
    });
  });

  it('an envelope missing its optional parts: kind unknown, not retryable, no hints, no wait', () => {
    const read = readResult(
      text(
        JSON.stringify({
          summary: 'No such report',
          error_code: 'NOT_FOUND',
          error_kind: 7,
          retryable: 'yes',
          hints: 'one',
          _meta: { retry_after_seconds: '30' },
        }),
        { isError: true },
      ),
    );
    expect(read).toEqual({
      kind: 'envelope',
      envelope: {
        summary: 'No such report',
        error_kind: 'unknown',
        error_code: 'NOT_FOUND',
        retryable: false,
        hints: [],
      },
    });
    expect(read.kind === 'envelope' && 'retry_after_seconds' in read.envelope).toBe(false);
  });

  it('a failure that is not an envelope shows its own text, or a plain sentence when it has none', () => {
    const generic = {
      error_kind: 'unknown',
      error_code: 'UNKNOWN',
      retryable: false,
      hints: [],
    };
    expect(readResult(text('  Upstream exploded  ', { isError: true }))).toEqual({
      kind: 'envelope',
      envelope: { summary: 'Upstream exploded', ...generic },
    });
    // Half an envelope (no summary, or a code that is not text) is not taken for one.
    const half = JSON.stringify({ error_code: 'X' });
    expect(readResult(text(half, { isError: true }))).toEqual({
      kind: 'envelope',
      envelope: { summary: half, ...generic },
    });
    const numericCode = JSON.stringify({ error_code: 5, summary: 's' });
    expect(readResult(text(numericCode, { isError: true }))).toEqual({
      kind: 'envelope',
      envelope: { summary: numericCode, ...generic },
    });
    expect(readResult({ content: [], isError: true })).toEqual({
      kind: 'envelope',
      envelope: { summary: 'The tool failed.', ...generic },
    });
  });

  it('an error result with structured content is still a failure', () => {
    const read = readResult({
      content: [{ type: 'text', text: 'denied' }],
      structuredContent: { rows: [] },
      isError: true,
    });
    expect(read.kind).toBe('envelope');
  });
});

describe('readResult: success', () => {
  it('structured content is the data', () => {
    const data = { orders: [{ id: 1 }] };
    expect(readResult({ content: [{ type: 'text', text: '{"other":1}' }], structuredContent: data })).toEqual(
      {
        kind: 'data',
        data,
      },
    );
  });

  it('without structured content, JSON text is the data; the text blocks are joined by lines', () => {
    expect(readResult(text('{"a":1}'))).toEqual({ kind: 'data', data: { a: 1 } });
    expect(
      readResult({
        content: [
          { type: 'text', text: '{"a":' },
          { type: 'image', data: 'x', mimeType: 'image/png' },
          { type: 'text', text: '2}' },
        ],
      }),
    ).toEqual({ kind: 'data', data: { a: 2 } });
  });

  it('structured content that is not an object (an array) is read from the text instead', () => {
    expect(
      readResult({
        content: [{ type: 'text', text: 'plain words' }],
        structuredContent: [1, 2] as unknown as Record<string, unknown>,
      }),
    ).toEqual({ kind: 'text', text: 'plain words' });
  });

  it('text that is not a JSON object is shown as text, trimmed', () => {
    expect(readResult(text('  Report queued.\n'))).toEqual({ kind: 'text', text: 'Report queued.' });
    expect(readResult(text('[1,2]'))).toEqual({ kind: 'text', text: '[1,2]' });
    expect(readResult(text('{}'))).toEqual({ kind: 'text', text: '{}' });
    expect(readResult(text('{"a":'))).toEqual({ kind: 'text', text: '{"a":' });
    expect(readResult({ content: [] })).toEqual({ kind: 'text', text: '' });
  });

  it('a line per text block', () => {
    expect(
      readResult({
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toEqual({ kind: 'text', text: 'one\ntwo' });
  });
});

describe('json readers', () => {
  it('obj: only a plain object', () => {
    const o = { a: 1 };
    expect(obj(o)).toBe(o);
    expect(obj(null)).toEqual({});
    expect(obj([1])).toEqual({});
    expect(obj('x')).toEqual({});
    expect(obj(undefined)).toEqual({});
  });

  it('arr: only an array', () => {
    const a = [1];
    expect(arr(a)).toBe(a);
    expect(arr({ length: 1 })).toEqual([]);
    expect(arr('ab')).toEqual([]);
  });

  it('num: finite numbers and numeric text (money as "25.99"), else null', () => {
    expect(num(3)).toBe(3);
    expect(num('25.99')).toBe(25.99);
    expect(num(' 7 ')).toBe(7);
    expect(num(Number.NaN)).toBeNull();
    expect(num(Number.POSITIVE_INFINITY)).toBeNull();
    expect(num('Infinity')).toBeNull();
    expect(num('')).toBeNull();
    expect(num('   ')).toBeNull();
    expect(num('12 apples')).toBeNull();
    expect(num(true)).toBeNull();
    expect(num(null)).toBeNull();
  });

  it('str: text, numbers and booleans as text, else null', () => {
    expect(str('a')).toBe('a');
    expect(str(5)).toBe('5');
    expect(str(false)).toBe('false');
    expect(str(null)).toBeNull();
    expect(str({})).toBeNull();
  });

  it('cell: numbers stay numbers, booleans and objects become text, nothing is empty', () => {
    expect(cell(null)).toBeNull();
    expect(cell(undefined)).toBeNull();
    expect(cell(4.5)).toBe(4.5);
    expect(cell(Number.NaN)).toBeNull();
    expect(cell('x')).toBe('x');
    expect(cell(true)).toBe('true');
    expect(cell(false)).toBe('false');
    expect(cell({ a: [1] })).toBe('{"a":[1]}');
  });
});

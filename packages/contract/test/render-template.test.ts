// The mapping's template renderer: every value shape, the (root) path, bounded JSON; and the shipped mapping file as read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_MAPPING_TEXT, render } from '../src/validation/mapping.js';

describe('render', () => {
  it('an absent path is (root), an empty path too; another absent name stays as written', () => {
    expect(render('at {path}: {limit}', {})).toBe('at (root): {limit}');
    expect(render('at {path}', { path: '' })).toBe('at (root)');
    expect(render('[{name}]', { name: '' })).toBe('[]');
    expect(render('{path}', { path: 'a/b' })).toBe('a/b');
  });

  it('lists at most 20 items, strings as they are and anything else as JSON', () => {
    expect(render('{allowed}', { allowed: ['x', 1, null, { k: 'v' }, [true]] })).toBe(
      'x, 1, null, {"k":"v"}, [true]',
    );
    const many = Array.from({ length: 25 }, (_, i) => `v${i}`);
    expect(render('{allowed}', { allowed: many })).toBe(many.slice(0, 20).join(', '));
  });

  it('a non-string value is JSON; one JSON cannot write is shown as text, never thrown', () => {
    expect(render('{limit}', { limit: 5 })).toBe('5');
    expect(render('{v}', { v: { a: [1] } })).toBe('{"a":[1]}');
    expect(render('{v}', { v: [undefined] })).toBe('undefined');
    expect(render('{v}', { v: 10n })).toBe('bigint');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(render('{v}', { v: cycle })).toBe('object');
  });

  it('JSON longer than 120 characters is cut to 119 and an ellipsis', () => {
    const exactly = { s: 'x'.repeat(112) }; // {"s":"…"} = 120 characters
    expect(render('{v}', { v: exactly })).toBe(JSON.stringify(exactly));
    const longer = { s: 'x'.repeat(113) };
    const shown = render('{v}', { v: longer });
    expect(shown).toBe(`${JSON.stringify(longer).slice(0, 119)}…`);
    expect(shown).toHaveLength(120);
  });
});

describe('ERROR_CODE_MAPPING_TEXT', () => {
  it('is the shipped schemas/jsonschema_error_codes.json, byte for byte', () => {
    const shipped = readFileSync(new URL('../schemas/jsonschema_error_codes.json', import.meta.url), 'utf8');
    expect(ERROR_CODE_MAPPING_TEXT).toBe(shipped);
  });
});

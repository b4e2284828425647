// decodeMapEntries / encodeMapEntries as functions: which lists are entries, where (never the root, at most 12 deep), events, copies.
import { describe, expect, test } from 'vitest';
import type { NormalizationEvent } from '../src/envelope/types.js';
import { decodeMapEntries, encodeMapEntries } from '../src/normalize/map-entries.js';

const openMap = (values: Record<string, unknown> = { type: 'string' }) => ({
  type: 'object',
  additionalProperties: values,
});
const objectOf = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const schema = objectOf({
  options: openMap(),
  rows: { type: 'array', items: objectOf({ tags: openMap({ type: 'integer' }) }) },
  plain: { type: 'string' },
});
/** A data property as plain assignment makes it (also for `__proto__`). */
const dataProperty = (value: unknown) => ({ value, enumerable: true, writable: true, configurable: true });

function decode(args: unknown, at: unknown = schema) {
  const events: NormalizationEvent[] = [];
  return { value: decodeMapEntries(args, at, events), events };
}

/** `{a: {a: … {a: leaf}}}` (`levels` objects) and its schema, so the leaf sits at depth `levels`. */
function nested(levels: number, leaf: unknown, leafSchema: unknown) {
  let value = leaf;
  let node = leafSchema;
  for (let i = 0; i < levels; i += 1) {
    value = { a: value };
    node = objectOf({ a: node });
  }
  return { value, node };
}

describe('decodeMapEntries', () => {
  test('a list of {key, value} under an open map becomes the object, one coerced event each', () => {
    const { value, events } = decode({
      options: [
        { key: 'reportPeriod', value: 'DAY' },
        { key: '__proto__', value: 'x' },
      ],
      rows: [{ tags: [{ key: 'a', value: 1 }] }],
      plain: 'kept',
    });
    expect(JSON.stringify(value)).toBe(
      '{"options":{"reportPeriod":"DAY","__proto__":"x"},"rows":[{"tags":{"a":1}}],"plain":"kept"}',
    );
    const options = (value as { options: object }).options;
    expect(Object.getPrototypeOf(options)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(options, '__proto__')).toEqual(dataProperty('x'));
    expect(Object.getOwnPropertyDescriptor(options, 'reportPeriod')).toEqual(dataProperty('DAY'));
    expect(Object.getOwnPropertyDescriptor(value, 'options')).toEqual(dataProperty(options));
    expect(events).toEqual([
      { kind: 'coerced', field: 'options', from_type: 'array', to_type: 'object', reason: 'map_entries' },
      { kind: 'coerced', field: 'rows/0/tags', from_type: 'array', to_type: 'object', reason: 'map_entries' },
    ]);
  });

  test('an empty list is an empty map; an entry whose value is undefined still counts', () => {
    expect(decode({ options: [] }).value).toEqual({ options: {} });
    const { value } = decode({ options: [{ key: 'a', value: undefined }] });
    expect(Object.hasOwn((value as { options: object }).options, 'a')).toBe(true);
  });

  test.each([
    ['an entry without value', [{ key: 'a' }]],
    ['an entry with a third key', [{ key: 'a', value: 'b', extra: 1 }]],
    ['a key that is no string', [{ key: 1, value: 'b' }]],
    ['an entry that is no object', ['a']],
    ['one bad entry among good ones', [{ key: 'a', value: 'b' }, { key: 'c' }]],
  ])('%s: the list is left for the validator, unchanged and with no event', (_label, list) => {
    const args = { options: list };
    const { value, events } = decode(args);
    expect(value).toEqual(args);
    expect(events).toEqual([]);
  });

  test('nothing to decode: the very same arguments come back (no copy; lists are walked item by item)', () => {
    const args = { options: { a: 'b' }, plain: 'x', undeclared: [{ key: 'a', value: 1 }] };
    const { value, events } = decode(args);
    expect(value).toBe(args);
    expect(events).toEqual([]);
    const rows = { rows: [{ tags: { a: 1 } }] };
    expect(decode(rows).value).toEqual(rows);
  });

  test('a copy is made once and keeps every other property as it was', () => {
    const undeclared = { k: 1 };
    const args = { plain: 'x', options: [{ key: 'a', value: 'b' }], undeclared };
    const { value } = decode(args);
    expect(value).not.toBe(args);
    expect(value).toEqual({ plain: 'x', options: { a: 'b' }, undeclared });
    expect((value as { undeclared: unknown }).undeclared).toBe(undeclared);
    expect(args.options).toEqual([{ key: 'a', value: 'b' }]);
  });

  test('the root is never an entries list, and without an object schema nothing is decoded', () => {
    const list = [{ key: 'a', value: 'b' }];
    expect(decode(list, openMap())).toEqual({ value: list, events: [] });
    const args = { options: list };
    expect(decode(args, true).value).toBe(args);
    expect(decode(args, objectOf({ options: true })).value).toBe(args);
    expect(decode('text', schema).value).toBe('text');
    const unpropertied = { options: list };
    expect(decode(unpropertied, { type: 'object' }).value).toBe(unpropertied);
  });

  test('a null where an object is declared is left for the validator', () => {
    const declared = objectOf({ nested: objectOf({ options: openMap() }) });
    expect(decode({ nested: null }, declared)).toEqual({ value: { nested: null }, events: [] });
    expect(encodeMapEntries({ nested: null }, declared)).toEqual({ nested: null });
  });

  test('list items count as a level: entries in a list at depth 12 sit at depth 13 and are left as sent', () => {
    const entries = [{ key: 'k', value: 'v' }];
    const listed = nested(12, [entries], { type: 'array', items: openMap() });
    expect(decode(listed.value, listed.node).events).toEqual([]);
    const maps = nested(12, [{ k: 'v' }], { type: 'array', items: openMap() });
    expect(JSON.stringify(encodeMapEntries(maps.value, maps.node))).toContain('[{"k":"v"}]');
  });

  test('an open map 13 lists deep is left as sent', () => {
    const entries = [{ key: 'k', value: 'v' }];
    let value: unknown = entries;
    let node: unknown = openMap();
    let map: unknown = { k: 'v' };
    for (let i = 0; i < 13; i += 1) {
      value = [value];
      map = [map];
      node = { type: 'array', items: node };
    }
    expect(decode(value, node).events).toEqual([]);
    expect(JSON.stringify(encodeMapEntries(map, node))).toContain('{"k":"v"}');
  });

  test('an open map is decoded down to depth 12, deeper levels are left to the validator', () => {
    const entries = [{ key: 'k', value: 'v' }];
    const at12 = nested(12, entries, openMap());
    expect(JSON.stringify(decode(at12.value, at12.node).value)).toContain('{"k":"v"}');
    const at13 = nested(13, entries, openMap());
    const { value, events } = decode(at13.value, at13.node);
    expect(value).toBe(at13.value);
    expect(events).toEqual([]);
  });
});

describe('encodeMapEntries', () => {
  test('every open map below the root becomes its entries, values encoded by the value schema', () => {
    const deep = objectOf({ outer: openMap(openMap({ type: 'integer' })) });
    expect(encodeMapEntries({ outer: { a: { x: 1 } } }, deep)).toEqual({
      outer: [{ key: 'a', value: [{ key: 'x', value: 1 }] }],
    });
    expect(encodeMapEntries({ rows: [{ tags: { a: 1 } }], plain: 'x', extra: { b: 2 } }, schema)).toEqual({
      rows: [{ tags: [{ key: 'a', value: 1 }] }],
      plain: 'x',
      extra: { b: 2 },
    });
  });

  test('the root object is never published as entries; a non-object value or schema is returned as is', () => {
    const root = { a: 'b' };
    expect(encodeMapEntries(root, openMap())).toBe(root);
    expect(encodeMapEntries('x', schema)).toBe('x');
    expect(encodeMapEntries(root, true)).toBe(root);
    const list = ['x'];
    expect(encodeMapEntries({ options: list }, schema)).toEqual({ options: list });
  });

  test('keys become data properties, `__proto__` included', () => {
    const value = JSON.parse('{"__proto__":{"a":"b"}}') as object;
    const properties = JSON.parse('{"__proto__":{"type":"object","additionalProperties":{"type":"string"}}}');
    const out = encodeMapEntries(value, objectOf(properties)) as object;
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')).toEqual(
      dataProperty([{ key: 'a', value: 'b' }]),
    );
  });

  test('open maps are encoded down to depth 12 only', () => {
    const at12 = nested(12, { k: 'v' }, openMap());
    expect(JSON.stringify(encodeMapEntries(at12.value, at12.node))).toContain('[{"key":"k","value":"v"}]');
    const at13 = nested(13, { k: 'v' }, openMap());
    expect(JSON.stringify(encodeMapEntries(at13.value, at13.node))).toContain('{"k":"v"}');
  });
});

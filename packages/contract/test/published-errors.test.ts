// describeInPublishedShape: errors on arguments whose maps arrive as published {key, value} entries point into the published schema.
import { describe, expect, test } from 'vitest';
import type { NormalizationEvent } from '../src/envelope/types.js';
import { decodeMapEntries } from '../src/normalize/map-entries.js';
import { derivePortableSchema } from '../src/schema/portable-schema.js';
import { sharedAjv } from '../src/validation/ajv.js';
import { describeInPublishedShape } from '../src/validation/published-errors.js';

const openMap = (values: Record<string, unknown>) => ({ type: 'object', additionalProperties: values });
const schema = {
  type: 'object',
  properties: {
    reportOptions: openMap({ type: 'string', enum: ['DAY', 'WEEK'] }),
    nested: openMap(openMap({ type: 'integer' })),
    body: {
      type: 'object',
      properties: {
        requests: {
          type: 'array',
          items: { allOf: [{ type: 'object', properties: { headers: openMap({ type: 'string' }) } }] },
        },
      },
    },
  },
  additionalProperties: false,
};

function report(args: unknown) {
  const events: NormalizationEvent[] = [];
  const decoded = decodeMapEntries(args, schema, events);
  const validate = sharedAjv().compile(schema);
  expect(validate(decoded)).toBe(false);
  return describeInPublishedShape(validate.errors ?? [], decoded, schema);
}

/** Resolves a detail path in the published schema (the test's own walker: properties, items, anyOf). */
function resolves(published: unknown, path: string): boolean {
  let nodes: unknown[] = [published];
  for (const segment of path === '' ? [] : path.split('/')) {
    const next: unknown[] = [];
    const visit = (n: unknown): void => {
      if (n === null || typeof n !== 'object') return;
      const node = n as Record<string, unknown>;
      if (Array.isArray(node.anyOf)) for (const b of node.anyOf) visit(b);
      const props = node.properties as Record<string, unknown> | undefined;
      if (props && Object.hasOwn(props, segment)) next.push(props[segment]);
      if (/^\d+$/.test(segment) && node.items) next.push(node.items);
    };
    for (const n of nodes) visit(n);
    if (next.length === 0) return false;
    nodes = next;
  }
  return true;
}

const published = derivePortableSchema(schema).schema;

describe('errors in the published shape', () => {
  test('a malformed entry is named at the entry, with the published expectation (not "expected object" at the map)', () => {
    const out = report({
      reportOptions: [
        { key: 'reportPeriod', value: 'DAY' },
        { key: 3, value: 'DAY' },
      ],
    });
    expect(out.details.map((d) => [d.path, d.code])).toEqual([
      ['reportOptions/1/key', 'SCHEMA_TYPE_MISMATCH'],
    ]);
    expect(out.details[0]).toMatchObject({ expected_type: 'string', received_type: 'integer' });
    for (const d of out.details) expect(resolves(published, d.path as string), String(d.path)).toBe(true);
  });

  test('an entry missing value, an entry with an extra key, a map sent as a string', () => {
    const missing = report({ reportOptions: [{ key: 'a' }] });
    expect(missing.details.map((d) => d.path)).toEqual(['reportOptions/0/value']);
    const extra = report({ reportOptions: [{ key: 'a', value: 'DAY', note: 1 }] });
    expect(extra.details.map((d) => [d.path, d.code])).toEqual([
      ['reportOptions/0/note', 'SCHEMA_ADDITIONAL_PROPERTIES'],
    ]);
    const text = report({ reportOptions: 'DAY' });
    expect(text.details[0]).toMatchObject({ path: 'reportOptions', expected_type: 'array' });
  });

  test('a bad value inside well-formed entries is named at its entry, also in a map inside a map', () => {
    const bad = report({
      reportOptions: [
        { key: 'a', value: 'DAY' },
        { key: 'b', value: 'DAYS' },
      ],
    });
    expect(bad.details.map((d) => [d.path, d.code])).toEqual([
      ['reportOptions/1/value', 'SCHEMA_ENUM_MISMATCH'],
    ]);
    expect(bad.details[0]?.did_you_mean).toEqual(['DAY']);
    const deep = report({ nested: [{ key: 'x', value: [{ key: 'y', value: 'one' }] }] });
    expect(deep.details.map((d) => d.path)).toEqual(['nested/0/value/0/value']);
    const deepBroken = report({ nested: [{ key: 'x', value: [{ key: 'y', value: 1, z: 2 }] }] });
    expect(deepBroken.details.map((d) => d.path)).toEqual(['nested/0/value/0/z']);
  });

  test('a map inside an allOf branch (SP batch request headers) is decoded and its errors named at the entry', () => {
    const out = report({ body: { requests: [{ headers: [{ key: 'x-a', value: 5 }] }] } });
    expect(out.details.map((d) => d.path)).toEqual(['body/requests/0/headers/0/value']);
    for (const d of out.details) expect(resolves(published, d.path as string)).toBe(true);
  });

  test('a map sent as an object (also accepted) is named in its published position', () => {
    const out = report({ reportOptions: { a: 'DAY', 'b/c': 'DAYS' } });
    expect(out.details.map((d) => d.path)).toEqual(['reportOptions/1/value']);
  });
});

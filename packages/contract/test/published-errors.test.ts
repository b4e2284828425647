// describeInPublishedShape: errors on arguments whose maps arrive as published {key, value} entries point into the published schema.
import { describe, expect, test, vi } from 'vitest';
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

/** Validates `args` (decoded as the pipeline does) against `tool` and describes the errors in the published shape. */
function reportFor(tool: Record<string, unknown>, args: unknown) {
  const decoded = decodeMapEntries(args, tool, []);
  const validate = sharedAjv().compile(tool);
  expect(validate(decoded)).toBe(false);
  return describeInPublishedShape(validate.errors ?? [], decoded, tool);
}

describe('errors in the published shape: the edges', () => {
  test('a tool whose arguments are one open map is published as an object, so its errors keep the key names', () => {
    const out = reportFor(openMap({ type: 'integer' }), { first: 1, second: 'two' });
    expect(out.details.map((d) => d.path)).toEqual(['second']);
  });

  test('an object property named like a number ("2024") is a name, not a list index', () => {
    const tool = {
      type: 'object',
      properties: { years: { type: 'object', properties: { '2024': openMap({ type: 'integer' }) } } },
    };
    const out = reportFor(tool, { years: { '2024': [{ key: 'q1', value: 'x' }] } });
    expect(out.details.map((d) => d.path)).toEqual(['years/2024/0/value']);
  });

  test('a bad value in an undecoded list of entries gets the enum suggestion of the entry schema', () => {
    const out = report({
      reportOptions: [
        { key: 'a', value: 'DAYS' },
        { key: 3, value: 'DAY' },
      ],
    });
    const enumDetail = out.details.find((d) => d.code === 'SCHEMA_ENUM_MISMATCH');
    expect(enumDetail).toMatchObject({ path: 'reportOptions/0/value', did_you_mean: ['DAY'] });
  });

  test('a misspelled entry field is answered from the entry schema ("Use value instead of Value")', () => {
    const out = report({ reportOptions: [{ key: 'a', Value: 'DAY' }] });
    const extra = out.details.find((d) => d.code === 'SCHEMA_ADDITIONAL_PROPERTIES');
    expect(extra).toMatchObject({ path: 'reportOptions/0/Value', did_you_mean: ['value'] });
  });

  test("a map's key rules (propertyNames) judge the keys of its entries", () => {
    const tool = {
      type: 'object',
      properties: {
        labels: {
          type: 'object',
          propertyNames: { pattern: '^[a-z]+$' },
          additionalProperties: { type: 'string' },
        },
      },
    };
    const out = reportFor(tool, { labels: [{ key: 'Bad1', value: 'x', extra: 1 }] });
    expect(out.details.map((d) => [d.path, d.code])).toEqual(
      expect.arrayContaining([['labels/0/key', 'SCHEMA_PATTERN_MISMATCH']]),
    );
  });

  test('a map whose value schema only compiles inside its tool ($ref to a definition) keeps the full-schema error', () => {
    const tool = {
      type: 'object',
      $defs: { v: { type: 'integer' } },
      properties: { counts: { type: 'object', additionalProperties: { $ref: '#/$defs/v' } } },
    };
    const out = reportFor(tool, { counts: [{ key: 'a', value: 1, extra: true }] });
    expect(out.details.map((d) => [d.path, d.expected_type])).toEqual([['counts', 'object']]);
  });

  test('two errors at one undecoded map are judged once (no duplicated details)', () => {
    const tool = {
      type: 'object',
      properties: {
        tags: { type: 'object', not: { type: 'array' }, additionalProperties: { type: 'string' } },
      },
    };
    const out = reportFor(tool, { tags: [{ key: 'a', value: 1 }, { key: 'b' }] });
    expect(out.details.map((d) => d.path)).toEqual(['tags/1/value', 'tags/0/value']);
  });

  test('a long list judged once: the summary counts each bad entry once, however many rules the map broke', () => {
    const tool = {
      type: 'object',
      properties: {
        tags: { type: 'object', not: { type: 'array' }, additionalProperties: { type: 'string' } },
      },
    };
    // One entry without a value: the list is not decoded, so the entries are judged as the published list.
    const tags = [...Array.from({ length: 1500 }, (_, i) => ({ key: `k${i}`, value: i })), { key: 'z' }];
    const out = reportFor(tool, { tags });
    expect(out.summary).toContain('(+1500 more issues)');
  });

  test('maps nested deeper than six undecoded levels keep the full-schema error at the seventh', () => {
    let values: Record<string, unknown> = { type: 'integer' };
    for (let i = 0; i < 8; i++) values = openMap(values);
    const tool = { type: 'object', properties: { deep: values } };
    let arg: unknown = 'x';
    for (let i = 7; i >= 0; i--) arg = [{ key: `k${i}`, value: arg }];
    // The outer list is malformed (an extra key), so nothing below it is decoded.
    (arg as Record<string, unknown>[]).push({ key: 'z', value: [], extra: 1 });
    const out = reportFor(tool, { deep: arg });
    const typeDetail = out.details.find((d) => d.code === 'SCHEMA_TYPE_MISMATCH');
    expect(typeDetail).toMatchObject({ path: `deep${'/0/value'.repeat(6)}`, expected_type: 'object' });
  });

  test('a second bad call on the same map reuses its compiled entries validator', () => {
    const ajv = sharedAjv();
    const args = { reportOptions: [{ key: 1, value: 'DAY' }] };
    report(args);
    const compile = vi.spyOn(ajv, 'compile');
    try {
      const decoded = decodeMapEntries(args, schema, []);
      const errors = [
        {
          instancePath: '/reportOptions',
          schemaPath: '#/properties/reportOptions/type',
          keyword: 'type',
          params: { type: 'object' },
        },
      ];
      const out = describeInPublishedShape(errors, decoded, schema);
      expect(out.details.map((d) => d.path)).toEqual(['reportOptions/0/key']);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  test('arguments that no longer hold the error path (changed after validation) are reported, not thrown on', () => {
    const validate = sharedAjv().compile(schema);
    const decoded = decodeMapEntries(
      {
        reportOptions: [{ key: 'a', value: 'DAYS' }],
        body: { requests: [{ headers: [{ key: 'x', value: 1 }] }] },
      },
      schema,
      [],
    );
    expect(validate(decoded)).toBe(false);
    const out = describeInPublishedShape(validate.errors ?? [], { reportOptions: {}, body: 'gone' }, schema);
    expect(out.details.map((d) => d.path).sort()).toEqual(['body/requests/0/headers/x', 'reportOptions/a']);
  });
});

// Shared $defs in committed files: a repeated sub-schema is written once and read back inline, unchanged.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogOperation, JsonSchemaObject } from '../src/catalog-types.js';
import { serializeCatalog } from '../src/generate/catalog-file.js';
import { SHARED_MIN_CHARS, shareDefs } from '../src/generate/shared-defs.js';
import { assertPublishedPortable, snapshotText } from '../src/generate/tool-snapshots.js';
import { inlineDefs } from '../src/inline-defs.js';
import { readCatalog } from '../src/read-catalog.js';

/** A schema whose compact JSON is exactly `chars` long. */
function sized(chars: number, tag = 'a'): JsonSchemaObject {
  const empty = JSON.stringify({ type: 'string', description: '' }).length;
  return { type: 'string', description: tag.padEnd(chars - empty, '.') };
}
const big = (tag = 'a') => sized(SHARED_MIN_CHARS + 20, tag);
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const objectWith = (properties: Record<string, unknown>): JsonSchemaObject => ({
  type: 'object',
  properties,
});

/** Shares a copy of `roots`, checks that reading it back gives the originals, and returns the shared form. */
function shareAndCheck(roots: JsonSchemaObject[]) {
  const before = JSON.stringify(roots);
  const shared = shareDefs(roots);
  expect(JSON.stringify(roots)).toBe(before);
  expect(JSON.stringify(inlineDefs(shared.roots, shared.$defs))).toBe(before);
  return shared;
}

describe('shareDefs', () => {
  it('writes a sub-schema repeated across roots once, named after its property', () => {
    const { roots, $defs } = shareAndCheck([
      objectWith({ body: big() }),
      objectWith({ body: big(), id: { type: 'string' } }),
    ]);
    expect($defs).toEqual({ body: big() });
    expect(roots).toEqual([
      objectWith({ body: ref('body') }),
      objectWith({ body: ref('body'), id: { type: 'string' } }),
    ]);
  });

  it(`shares from ${SHARED_MIN_CHARS} characters up; a smaller repeat stays inline`, () => {
    expect(
      Object.keys(
        shareAndCheck([
          objectWith({ a: sized(SHARED_MIN_CHARS) }),
          objectWith({ a: sized(SHARED_MIN_CHARS) }),
        ]).$defs,
      ),
    ).toEqual(['a']);
    const small = shareAndCheck([
      objectWith({ a: sized(SHARED_MIN_CHARS - 1) }),
      objectWith({ a: sized(SHARED_MIN_CHARS - 1) }),
    ]);
    expect(small.$defs).toEqual({});
    expect(small.roots[0]).toEqual(objectWith({ a: sized(SHARED_MIN_CHARS - 1) }));
  });

  it('leaves a sub-schema that occurs once inline', () => {
    const { roots, $defs } = shareAndCheck([objectWith({ a: big('one') }), objectWith({ a: big('two') })]);
    expect($defs).toEqual({});
    expect(roots[1]).toEqual(objectWith({ a: big('two') }));
  });

  it.each([
    ['properties', (s: JsonSchemaObject) => objectWith({ p: s }), 'p'],
    ['patternProperties', (s: JsonSchemaObject) => ({ patternProperties: { '^x-': s } }), '_x_'],
    [
      'items',
      (s: JsonSchemaObject, tag: string) => objectWith({ list: { description: tag, items: s } }),
      'listItem',
    ],
    [
      'additionalProperties',
      (s: JsonSchemaObject, tag: string) =>
        objectWith({ map: { description: tag, additionalProperties: s } }),
      'mapValue',
    ],
    ['not', (s: JsonSchemaObject, tag: string) => objectWith({ n: { description: tag, not: s } }), 'nValue'],
    [
      'anyOf',
      (s: JsonSchemaObject, tag: string) =>
        objectWith({ u: { description: tag, anyOf: [{ type: 'null' }, s] } }),
      'uOption1',
    ],
    [
      'oneOf',
      (s: JsonSchemaObject, tag: string) => objectWith({ u: { description: tag, oneOf: [s] } }),
      'uOption0',
    ],
    [
      'allOf',
      (s: JsonSchemaObject, tag: string) => objectWith({ u: { description: tag, allOf: [s] } }),
      'uOption0',
    ],
    ['items of a root', (s: JsonSchemaObject, tag: string) => ({ description: tag, items: s }), 'Item'],
  ])('finds schemas under %s and names them %#', (_keyword, place, name) => {
    const { roots, $defs } = shareAndCheck([place(big(), 'first'), place(big(), 'second')]);
    expect($defs).toEqual({ [name]: big() });
    for (const root of roots) expect(JSON.stringify(root)).toContain(JSON.stringify(ref(name)));
  });

  it('never shares outside schema positions (examples, defaults, enums, tuple items, null)', () => {
    const root = (): JsonSchemaObject => ({
      type: 'object',
      default: big(),
      examples: [big()],
      items: [big()],
      properties: { a: null, b: [big()], c: 'x'.repeat(SHARED_MIN_CHARS) },
      additionalProperties: null,
      not: 'x'.repeat(SHARED_MIN_CHARS),
      anyOf: ['x'.repeat(SHARED_MIN_CHARS), null],
    });
    const { roots, $defs } = shareAndCheck([root(), root()]);
    expect($defs).toEqual({});
    expect(roots[0]).toEqual(root());
  });

  it('gives a second schema under a taken name _2, a third _3; an unusable property name becomes "schema"', () => {
    const root = (tag: string) =>
      objectWith({
        a: big('1'),
        b: { ...objectWith({ a: big('2') }), description: tag },
        c: { ...objectWith({ a: big('3') }), description: tag },
        '': big('4'),
      });
    const { $defs } = shareAndCheck([root('first'), root('second')]);
    expect(Object.keys($defs).sort()).toEqual(['a', 'a_2', 'a_3', 'schema']);
    expect($defs.a_2).toEqual(big('2'));
    expect($defs.a_3).toEqual(big('3'));
    expect($defs.schema).toEqual(big('4'));
  });

  it('a schema repeated only inside a shared one stays inline there; one also used elsewhere is shared', () => {
    const inner = objectWith({ leaf: big('inner') });
    const outer = objectWith({ inner, note: big('outer') });
    const once = shareAndCheck([objectWith({ outer }), objectWith({ outer })]);
    expect(Object.keys(once.$defs)).toEqual(['outer']);
    expect(once.$defs.outer).toEqual(outer);

    const twice = shareAndCheck([objectWith({ outer }), objectWith({ outer }), objectWith({ inner })]);
    expect(Object.keys(twice.$defs).sort()).toEqual(['inner', 'outer']);
    expect(twice.$defs.outer).toEqual(objectWith({ inner: ref('inner'), note: big('outer') }));
    expect(twice.roots[2]).toEqual(objectWith({ inner: ref('inner') }));
  });

  it('counts a reference deep inside a schema that is not shared', () => {
    const deep = objectWith({
      a: { ...objectWith({ b: big('shared') }), description: big('unique').description },
    });
    const { roots, $defs } = shareAndCheck([deep, objectWith({ c: big('shared') })]);
    expect($defs).toEqual({ b: big('shared') });
    expect(roots[1]).toEqual(objectWith({ c: ref('b') }));
  });

  it('shares repeats inside a shared schema that it holds more than once', () => {
    const outer = objectWith({ x: big('leaf'), y: big('leaf') });
    const { $defs } = shareAndCheck([objectWith({ outer }), objectWith({ outer })]);
    expect($defs).toEqual({ outer: objectWith({ x: ref('x'), y: ref('x') }), x: big('leaf') });
  });
});

describe('inlineDefs', () => {
  it('replaces each reference with a fresh copy, following references inside definitions', () => {
    const defs = { a: objectWith({ b: ref('b') }), b: { type: 'string' } };
    const value = { list: [ref('a'), ref('a'), 1, null, 'x'], other: { $ref: '#/components/schemas/Y' } };
    const out = inlineDefs(value, defs);
    expect(out).toEqual({
      list: [objectWith({ b: { type: 'string' } }), objectWith({ b: { type: 'string' } }), 1, null, 'x'],
      other: { $ref: '#/components/schemas/Y' },
    });
    expect(out.list[0]).not.toBe(out.list[1]);
    expect(out.list[0]).not.toBe(defs.a);
  });

  it('refuses a reference to a name the file does not define (inherited names included)', () => {
    expect(() => inlineDefs(ref('missing'), {})).toThrow('#/$defs/missing names no schema');
    expect(() => inlineDefs(ref('constructor'), {})).toThrow('#/$defs/constructor');
  });
});

const operation = (name: string, api: string, inputSchema: JsonSchemaObject): CatalogOperation => ({
  name,
  title: name,
  description: name,
  toolset: api,
  writes: false,
  deprecated: false,
  inputSchema,
  examples: [{}],
  recipe: { method: 'GET', path: `/${name}`, params: [] } as unknown as CatalogOperation['recipe'],
  usagePlan: null,
  meta: { api, operationId: name } as CatalogOperation['meta'],
});

describe('catalog files', () => {
  it('serializeCatalog writes $defs per file (not shared across files); readCatalog reads the same catalog back', () => {
    const catalog: Catalog = {
      format: 1,
      family: 'sp-api',
      operations: [
        operation('a_get', 'apiB', objectWith({ body: big() })),
        operation('m_get', 'apiA', objectWith({ body: big() })),
        operation('z_put', 'apiA', objectWith({ body: big() })),
      ],
    };
    const before = structuredClone(catalog);
    const files = serializeCatalog(catalog);
    expect(catalog).toEqual(before);
    const apiA = JSON.parse(files.get('apiA.catalog.json')!);
    expect(apiA.$defs).toEqual({ body: big() });
    expect(apiA.operations.map((op: CatalogOperation) => op.name)).toEqual(['m_get', 'z_put']);
    expect(apiA.operations[0].inputSchema).toEqual(objectWith({ body: ref('body') }));
    expect(Object.keys(apiA)).toEqual(['format', 'family', 'api', 'operations', '$defs']);
    expect(JSON.parse(files.get('apiB.catalog.json')!)).not.toHaveProperty('$defs');

    const dir = mkdtempSync(join(tmpdir(), 'catalog-defs-'));
    for (const [name, text] of files) writeFileSync(join(dir, name), text);
    expect(readCatalog(pathToFileURL(`${dir}/`))).toEqual(catalog);
  });

  it('snapshotText writes the tools first, then the $defs their schemas share (none when nothing repeats)', () => {
    const tool = (name: string, inputSchema: JsonSchemaObject, outputSchema?: JsonSchemaObject) =>
      ({ name, inputSchema, ...(outputSchema ? { outputSchema } : {}) }) as unknown as Tool;
    const tools = [
      tool('a', objectWith({ z: big() })),
      tool('b', objectWith({}), objectWith({ z: big() })),
      tool('c', objectWith({ y: {} }), objectWith({ x: {} })),
    ];
    const before = structuredClone(tools);
    const text = snapshotText(tools);
    expect(tools).toEqual(before);
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(['tools', '$defs']);
    expect(parsed.$defs).toEqual({ z: big() });
    expect(parsed.tools[1].outputSchema).toEqual(objectWith({ z: ref('z') }));
    expect(parsed.tools[2]).toEqual(tool('c', objectWith({ y: {} }), objectWith({ x: {} })));
    expect(text.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(snapshotText([tool('c', objectWith({ z: big() }))])))).toEqual(['tools']);
  });
});

describe('assertPublishedPortable', () => {
  it('passes portable schemas and names every tool, pointer and rule that breaks one', () => {
    const tool = (name: string, inputSchema: unknown) => ({ name, inputSchema }) as unknown as Tool;
    expect(() =>
      assertPublishedPortable([tool('fine', objectWith({ a: { type: 'string' } }))]),
    ).not.toThrow();
    const run = () =>
      assertPublishedPortable([
        tool('fine', objectWith({})),
        tool('rows', { type: 'array', items: { type: 'string' } }),
      ]);
    expect(run).toThrow(
      /^published inputSchema breaks the portable-schema rules:\n {2}tool rows: inputSchema\/type \[root-object\]/,
    );
    expect(run).not.toThrow(/tool fine/);
  });
});

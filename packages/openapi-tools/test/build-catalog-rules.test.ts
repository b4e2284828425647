// buildCatalog's own rules on small inline specs: each entry's description tag, write flag, examples and recipe,
// the problems it reports, the options (read operations, description bounds, skipped files, the preferred file among
// several), and the defect error a generator run prints.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpecFile } from '@obmcp/upstream-specs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, SpecDefectsError } from '../src/generate/build-catalog.js';

const spec = (paths: Record<string, unknown>) => ({
  swagger: '2.0',
  info: { title: 't', version: '1' },
  paths,
});
const ok = { '200': { description: 'ok' } };
let dir = '';
const file = (stem: string, doc: unknown): SpecFile => {
  const absPath = join(dir, `${stem}.json`);
  writeFileSync(absPath, JSON.stringify(doc));
  return { family: 'sp-api', stem, relPath: `${stem}.json`, absPath };
};

let widgets: SpecFile;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-catalog-'));
  widgets = file(
    'widgets',
    spec({
      '/widgets/2024-01-01/items': {
        get: {
          operationId: 'listItems',
          summary: 'List the items of a widget shop.',
          parameters: [{ name: 'pageSize', in: 'query', type: 'integer', minimum: 5, required: true }],
          responses: ok,
        },
        post: {
          operationId: 'createItem',
          deprecated: true,
          summary: 'Create an item.',
          parameters: [
            {
              name: 'body',
              in: 'body',
              required: true,
              schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
            },
          ],
          responses: { '201': { description: 'ok' } },
        },
      },
      '/widgets/items/{itemId}': {
        delete: {
          operationId: 'deleteItem',
          summary: 'Delete.',
          parameters: [
            { name: 'itemId', in: 'path', required: true, type: 'string', minLength: 3, maxLength: 2 },
          ],
          responses: { '204': { description: 'gone' } },
        },
      },
    }),
  );
});

describe('buildCatalog', () => {
  it('one entry per operation, sorted by name: title, tagged description, write flag, schema, examples, recipe', async () => {
    const { catalog } = await buildCatalog({ family: 'sp-api', toolsetOf: (f) => f.stem, files: [widgets] });
    expect(catalog.format).toBe(1);
    expect(catalog.family).toBe('sp-api');
    expect(catalog.operations.map((o) => [o.name, o.title, o.description, o.writes, o.deprecated])).toEqual([
      ['create_item', 'Create item', 'Create an item. [widgets 2024-01-01, deprecated]', true, true],
      ['delete_item', 'Delete item', 'Delete. [widgets]', true, false],
      ['list_items', 'List items', 'List the items of a widget shop. [widgets 2024-01-01]', false, false],
    ]);
    const [create, , list] = catalog.operations;
    expect(create).toMatchObject({
      toolset: 'widgets',
      inputSchema: {
        type: 'object',
        properties: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
        required: ['body'],
        additionalProperties: false,
      },
      examples: [{ body: { n: 1 } }],
      recipe: {
        method: 'POST',
        path: '/widgets/2024-01-01/items',
        params: [{ arg: 'body', name: '', in: 'body', required: true }],
        contentType: 'application/json',
      },
      usagePlan: null,
      meta: { api: 'widgets', operationId: 'createItem', method: 'POST', path: '/widgets/2024-01-01/items' },
    });
    expect(list?.examples).toEqual([{ pageSize: 5 }]);
    expect(list?.recipe).toEqual({
      method: 'GET',
      path: '/widgets/2024-01-01/items',
      params: [{ arg: 'pageSize', name: 'pageSize', in: 'query', required: true }],
    });
  });

  it('reports an operation no example fits and a documented example that does not validate; keeps the valid ones first', async () => {
    const { catalog, problems } = await buildCatalog({
      family: 'sp-api',
      toolsetOf: (f) => f.stem,
      files: [widgets],
      documentedExamples: { listItems: [{ pageSize: 1 }, { pageSize: 9 }] },
    });
    expect(problems).toEqual([
      { api: 'widgets', operationId: 'listItems', problem: 'a documented example does not validate' },
      { api: 'widgets', operationId: 'deleteItem', problem: 'no example validates' },
    ]);
    expect(catalog.operations.find((o) => o.name === 'list_items')?.examples).toEqual([
      { pageSize: 9 },
      { pageSize: 5 },
    ]);
  });

  it('read operations, description bounds, an empty toolset, a schema with nothing required', async () => {
    const long = 'word '.repeat(80).trim();
    const bounded = file(
      'bounded',
      spec({
        '/v1/things': {
          post: {
            operationId: 'searchThings',
            summary: long,
            parameters: [{ name: 'q', in: 'query', type: 'string', description: long }],
            responses: ok,
          },
        },
      }),
    );
    const defaults = await buildCatalog({ family: 'sp-api', toolsetOf: () => '', files: [bounded] });
    const entry = defaults.catalog.operations[0];
    expect(entry?.description.endsWith(' [v1]')).toBe(true);
    expect(entry?.description.length).toBeLessThanOrEqual(240 + ' [v1]'.length);
    expect(entry?.description.length).toBeGreaterThan(200);
    const q = (entry?.inputSchema.properties as Record<string, { description?: string }> | undefined)?.q;
    expect(q?.description?.length).toBeLessThanOrEqual(200);
    expect(q?.description?.length).toBeGreaterThan(150);
    expect(entry?.inputSchema.required).toBeUndefined();
    expect(entry?.writes).toBe(false);

    const narrow = await buildCatalog({
      family: 'sp-api',
      toolsetOf: () => 'things',
      files: [bounded],
      maxDescription: 40,
      maxPropertyDescription: 30,
      readOperations: [],
    });
    const small = narrow.catalog.operations[0];
    expect(small?.description.length).toBeLessThanOrEqual(40 + ' [things v1]'.length);
    expect(small?.description.endsWith(' [things v1]')).toBe(true);
    const smallQ = (small?.inputSchema.properties as Record<string, { description?: string }> | undefined)?.q;
    expect(smallQ?.description?.length).toBeLessThanOrEqual(30);

    const create = file(
      'creates',
      spec({ '/v1/things': { post: { operationId: 'createThing', summary: 'Make.', responses: ok } } }),
    );
    const writes = await buildCatalog({ family: 'sp-api', toolsetOf: () => 't', files: [create] });
    expect(writes.catalog.operations[0]?.writes).toBe(true);
    const reads = await buildCatalog({
      family: 'sp-api',
      toolsetOf: () => 't',
      files: [create],
      readOperations: ['createThing'],
    });
    expect(reads.catalog.operations[0]?.writes).toBe(false);
  });

  it('skipped files are left out', async () => {
    const { catalog } = await buildCatalog({
      family: 'sp-api',
      toolsetOf: (f) => f.stem,
      files: [widgets],
      skipFiles: ['widgets'],
    });
    expect(catalog.operations).toEqual([]);
  });

  it('a route several files declare: one entry, the comparator’s choice among all of them, in the first one’s place', async () => {
    const route = (summary: string) =>
      spec({ '/shared/v1/things': { get: { operationId: 'getThings', summary, responses: ok } } });
    const files = [
      file('first', route('From first.')),
      file('second', route('From second.')),
      file('third', route('From third.')),
    ];
    const asked: string[][] = [];
    for (const favourite of ['second', 'third']) {
      const { catalog } = await buildCatalog({
        family: 'sp-api',
        toolsetOf: () => 'things',
        files,
        preferFile: (a, b, declaredBy) => {
          asked.push([...declaredBy]);
          return (a.stem === favourite ? 0 : 1) - (b.stem === favourite ? 0 : 1);
        },
      });
      expect(catalog.operations.map((o) => [o.name, o.description, o.meta.api])).toEqual([
        ['get_things', `From ${favourite}. [things v1]`, favourite],
      ]);
    }
    expect(asked.length).toBeGreaterThan(0);
    for (const declaredBy of asked) expect(declaredBy).toEqual(['first', 'second', 'third']);
    const without = await buildCatalog({ family: 'sp-api', toolsetOf: (f) => f.stem, files });
    expect(without.catalog.operations.map((o) => o.meta.api).sort()).toEqual(['first', 'second', 'third']);
  });

  it('a spec defect stops generation with every defect named', async () => {
    const broken = file(
      'broken',
      spec({ '/v1/things/{thingId}': { get: { operationId: 'getThing', summary: 'One.', responses: ok } } }),
    );
    const failure = await buildCatalog({ family: 'sp-api', toolsetOf: () => 't', files: [broken] }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SpecDefectsError);
    expect((failure as Error).name).toBe('SpecDefectsError');
    expect((failure as SpecDefectsError).defects).toEqual([
      {
        api: 'broken',
        operationId: 'getThing',
        problem: 'path placeholder {thingId} of /v1/things/{thingId} has no path parameter',
      },
    ]);
    expect((failure as Error).message).toBe(
      '1 spec defect(s); settle each with an erratum in @obmcp/upstream-specs (src/errata.ts):\n' +
        '  broken getThing: path placeholder {thingId} of /v1/things/{thingId} has no path parameter',
    );
  });
});

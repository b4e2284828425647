// The generator's small rules, each as a reader of the output meets it: which operations are writes (the writes
// switch hides them), description text, a preset's media type, generated folders (check vs rewrite), multipart
// file arguments, and the tool snapshots' grouping and drift message.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Catalog, CatalogOperation } from '../src/catalog-types.js';
import { catalogIsCurrent, staleCatalogFiles, writeCatalog } from '../src/generate/catalog-file.js';
import { bound, firstSentence, plainText, shortDescription } from '../src/generate/describe.js';
import { fileArgumentSchema, isMultipart, multipartBody } from '../src/generate/form-body.js';
import { staleFiles, writeFolder } from '../src/generate/generated-folder.js';
import { chooseMediaType } from '../src/generate/media-choice.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';
import {
  driftMessage,
  groupedSnapshots,
  SNAPSHOTS_COMMAND,
  syncSnapshots,
  toolsetSnapshots,
  UPDATE_SNAPSHOTS_ENV,
} from '../src/generate/tool-snapshots.js';
import { isWrite } from '../src/generate/writes.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'generated-'));

describe('isWrite: what the writes switch hides', () => {
  const none = new Set<string>();
  it.each([
    ['GET', 'createThing', false],
    ['DELETE', 'getThing', true],
    ['PUT', 'listThings', true],
    ['PATCH', 'queryThing', true],
    ['POST', 'createReport', true],
    ['POST', 'searchCatalogItems', false],
    ['POST', 'GetFeaturedOffer', false],
    ['POST', 'batchGetItems', false],
    ['POST', 'estimateFees', false],
  ] as const)('%s %s is a write: %s', (method, operationId, expected) => {
    expect(isWrite(method, operationId, none)).toBe(expected);
  });

  it('an operation the app names as a read is one, whatever its method', () => {
    const reads = new Set(['createReport', 'deleteCache']);
    expect(isWrite('POST', 'createReport', reads)).toBe(false);
    expect(isWrite('DELETE', 'deleteCache', reads)).toBe(false);
    expect(isWrite('POST', 'createOther', reads)).toBe(true);
  });
});

describe('descriptions', () => {
  it('plainText: links to their text, images, tags, code and emphasis removed, whitespace collapsed', () => {
    expect(
      plainText('See ![img](x.png)[the docs](https://x) for <b>more</b>   `code`  and **bold** _it_ \n'),
    ).toBe('See the docs for more code and bold it');
  });

  it('firstSentence skips noise, tables and empty paragraphs', () => {
    expect(firstSentence('| a | b |\n\nFor more information, refer to X. Gets items. More.')).toBe(
      'Gets items.',
    );
    expect(firstSentence('\n\n   \n\nUsage plan: 1 rps.')).toBe('');
    expect(firstSentence('Returns "quoted" things! Then more.')).toBe('Returns "quoted" things!');
    expect(firstSentence('Version 2.0 of it. Next.')).toBe('Version 2.0 of it.');
  });

  it('bound: text within the limit is unchanged; longer is cut at a word and marked', () => {
    expect(bound('abc', 3)).toBe('abc');
    expect(bound('one two three four', 10)).toBe('one two…');
    expect(bound('one two, three four', 10)).toBe('one two…');
    // No space late enough: a hard cut.
    expect(bound('a bcdefghijklmnop', 10)).toBe('a bcdefgh…');
    expect(bound('one two three four', 10).length).toBeLessThanOrEqual(10);
  });

  it('shortDescription: the summary, then a sentence that does not repeat it', () => {
    expect(shortDescription('Get orders.', 'Get orders in a range. More.', 240)).toBe(
      'Get orders in a range.',
    );
    expect(shortDescription('Get orders', '', 240)).toBe('Get orders.');
    expect(shortDescription('', '', 240)).toBe('');
    expect(shortDescription('List **things**', 'Returns things.', 240)).toBe('List things. Returns things.');
  });
});

describe('chooseMediaType', () => {
  const op: SpecOperation = {
    method: 'POST',
    path: '/x',
    operationId: 'x',
    summary: '',
    description: '',
    deprecated: false,
    parameters: [],
    requestBody: {
      required: true,
      content: {
        'application/vnd.x.v3+json': { schema: { a: 3 } },
        'application/vnd.x.v5+json': { schema: { a: 5 } },
      },
    },
    consumes: ['application/vnd.x.v3+json', 'application/vnd.x.v5+json'],
    produces: ['application/vnd.x.v3+json', 'application/vnd.x.v5+json'],
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/vnd.x.v3+json': {}, 'application/vnd.x.v5+json': {} },
      },
      '400': { content: { 'application/vnd.x.v3+json': {}, 'application/vnd.x.v5+json': {} } },
      '201': 'not an object',
    },
    raw: {},
  };

  it('narrows the body, the 2xx responses, consumes and produces to the chosen type', () => {
    const chosen = chooseMediaType(op, 'application/vnd.x.v5+json');
    expect(chosen.requestBody).toEqual({
      required: true,
      content: { 'application/vnd.x.v5+json': { schema: { a: 5 } } },
    });
    expect(chosen.responses).toEqual({
      '200': { description: 'ok', content: { 'application/vnd.x.v5+json': {} } },
      '400': op.responses['400'],
      '201': 'not an object',
    });
    expect(chosen.consumes).toEqual(['application/vnd.x.v5+json']);
    expect(chosen.produces).toEqual(['application/vnd.x.v5+json']);
    expect(op.consumes).toHaveLength(2);
  });

  it('a type found only in one place still narrows there and leaves the rest', () => {
    const only = chooseMediaType(
      { ...op, requestBody: undefined, responses: {}, produces: [] },
      'application/vnd.x.v3+json',
    );
    expect(only.consumes).toEqual(['application/vnd.x.v3+json']);
    expect(only.produces).toEqual([]);
    expect(only).not.toHaveProperty('requestBody', expect.anything());
    const inBody = chooseMediaType(
      { ...op, consumes: [], produces: [], responses: {} },
      'application/vnd.x.v3+json',
    );
    expect(inBody.requestBody?.content).toEqual({ 'application/vnd.x.v3+json': { schema: { a: 3 } } });
    const inResponse = chooseMediaType(
      { ...op, consumes: [], produces: [], requestBody: undefined },
      'application/vnd.x.v3+json',
    );
    expect(inResponse.responses['200']).toEqual({
      description: 'ok',
      content: { 'application/vnd.x.v3+json': {} },
    });
  });

  it('refuses a type the operation declares nowhere (a 4xx content does not count)', () => {
    expect(() => chooseMediaType(op, 'application/json')).toThrow('declares no media type application/json');
    const only4xx: SpecOperation = {
      ...op,
      requestBody: undefined,
      consumes: [],
      produces: [],
      responses: { '400': { content: { 'application/json': {} } } },
    };
    expect(() => chooseMediaType(only4xx, 'application/json')).toThrow(/declares no media type/);
  });
});

describe('generated folders', () => {
  it('staleFiles names missing, changed and left-over files of the suffix, sorted; others are ignored', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'same.json'), 'same');
    writeFileSync(join(dir, 'changed.json'), 'old');
    writeFileSync(join(dir, 'left.json'), 'x');
    writeFileSync(join(dir, 'notes.md'), 'kept');
    const files = new Map([
      ['same.json', 'same'],
      ['changed.json', 'new'],
      ['added.json', 'a'],
    ]);
    expect(staleFiles(dir, files, '.json')).toEqual(['added.json', 'changed.json', 'left.json']);
    expect(staleFiles(join(dir, 'absent'), files, '.json')).toEqual([
      'added.json',
      'changed.json',
      'same.json',
    ]);
    writeFolder(dir, files, '.json');
    expect(readdirSync(dir).sort()).toEqual(['added.json', 'changed.json', 'notes.md', 'same.json']);
    expect(readFileSync(join(dir, 'changed.json'), 'utf8')).toBe('new');
    expect(staleFiles(dir, files, '.json')).toEqual([]);
  });

  it('writeFolder creates a missing folder', () => {
    const dir = join(scratch(), 'a', 'b');
    writeFolder(dir, new Map([['x.json', '1']]), '.json');
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe('1');
  });

  it('a catalog is written one file per API and checked against the folder', () => {
    const op = (api: string, name: string): CatalogOperation => ({
      name,
      title: name,
      description: name,
      toolset: api,
      writes: false,
      deprecated: false,
      inputSchema: { type: 'object' },
      examples: [{}],
      recipe: { method: 'GET', path: `/${name}`, params: [] },
      usagePlan: null,
      meta: { api, operationId: name, method: 'GET', path: `/${name}` },
    });
    const catalog: Catalog = { format: 1, family: 'amazon-ads', operations: [op('b', 'y'), op('a', 'x')] };
    const dir = join(scratch(), 'catalog');
    expect(catalogIsCurrent(dir, catalog)).toBe(false);
    writeCatalog(dir, catalog);
    expect(readdirSync(dir).sort()).toEqual(['a.catalog.json', 'b.catalog.json']);
    expect(catalogIsCurrent(dir, catalog)).toBe(true);
    expect(staleCatalogFiles(dir, { ...catalog, operations: [op('a', 'x')] })).toEqual(['b.catalog.json']);
    expect(JSON.parse(readFileSync(join(dir, 'a.catalog.json'), 'utf8'))).toMatchObject({
      format: 1,
      family: 'amazon-ads',
      api: 'a',
      operations: [{ name: 'x' }],
    });
  });
});

describe('multipart bodies', () => {
  it('isMultipart reads the media type whatever its case and parameters', () => {
    expect(isMultipart('Multipart/Form-Data; boundary=x')).toBe(true);
    expect(isMultipart('application/json')).toBe(false);
    expect(isMultipart(undefined)).toBe(false);
  });

  it('each binary part becomes a file argument (base64 or path); other parts stay as the spec has them', () => {
    const { schema, files } = multipartBody({
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'The image.' },
        name: { type: 'string' },
        other: { type: 'string', format: 'binary' },
      },
    });
    expect(files).toEqual(['file', 'other']);
    expect(schema.required).toEqual(['file']);
    expect((schema.properties as Record<string, unknown>).name).toEqual({ type: 'string' });
    const file = (schema.properties as Record<string, Record<string, unknown>>).file!;
    expect(file.description).toBe(
      'The image. A file: its bytes as base64, or a path to a file inside the directory the server allows for uploads.',
    );
    expect(file.oneOf).toEqual([{ required: ['base64'] }, { required: ['path'] }]);
    expect(file.additionalProperties).toBe(false);
    expect((schema.properties as Record<string, Record<string, unknown>>).other?.description).toBe(
      'A file: its bytes as base64, or a path to a file inside the directory the server allows for uploads.',
    );
  });

  it('a schema without properties is an object with none', () => {
    expect(multipartBody({ type: 'string' })).toEqual({
      schema: { type: 'object', properties: {} },
      files: [],
    });
    expect(fileArgumentSchema(3).description).toMatch(/^A file:/);
  });
});

describe('tool snapshots', () => {
  const tool = (name: string, meta?: Record<string, unknown>): Tool =>
    ({ name, inputSchema: { type: 'object' }, ...(meta ? { _meta: meta } : {}) }) as Tool;
  const original = process.env[UPDATE_SNAPSHOTS_ENV];
  afterEach(() => {
    if (original === undefined) delete process.env[UPDATE_SNAPSHOTS_ENV];
    else process.env[UPDATE_SNAPSHOTS_ENV] = original;
  });

  it('groups tools into files by group, sorted by name within each', () => {
    const files = groupedSnapshots([tool('b'), tool('a'), tool('c')], (t) => (t.name === 'c' ? 'z' : 'y'));
    expect([...files.keys()]).toEqual(['y.json', 'z.json']);
    expect(JSON.parse(files.get('y.json')!).tools.map((t: Tool) => t.name)).toEqual(['a', 'b']);
  });

  it('toolsetSnapshots: curated, the operation’s toolset, else server', () => {
    const meta = { api: 'ordersV0', operationId: 'getOrders', method: 'GET' as const, path: '/orders' };
    const catalog: Catalog = {
      format: 1,
      family: 'sp-api',
      operations: [
        {
          name: 'get_orders',
          title: '',
          description: '',
          toolset: 'orders',
          writes: false,
          deprecated: false,
          inputSchema: {},
          examples: [],
          recipe: { method: 'GET', path: '/orders', params: [] },
          usagePlan: null,
          meta,
        },
      ],
    };
    const files = toolsetSnapshots(
      [
        tool('get_orders', { 'io.obmcp/operation': meta }),
        tool('mine', { 'io.obmcp/operation': meta }),
        tool('search_tools'),
        tool('lost', { 'io.obmcp/operation': { ...meta, operationId: 'gone' } }),
      ],
      new Set(['mine']),
      catalog,
    );
    const names = (file: string) => JSON.parse(files.get(file)!).tools.map((t: Tool) => t.name);
    expect([...files.keys()]).toEqual(['curated.json', 'orders.json', 'server.json']);
    expect(names('curated.json')).toEqual(['mine']);
    expect(names('orders.json')).toEqual(['get_orders']);
    expect(names('server.json')).toEqual(['lost', 'search_tools']);
  });

  it('syncSnapshots compares unless OBMCP_UPDATE_SNAPSHOTS=1, then writes and reports nothing', () => {
    const dir = scratch();
    const folder = pathToFileURL(`${dir}/`);
    const files = new Map([['a.json', '{}\n']]);
    delete process.env[UPDATE_SNAPSHOTS_ENV];
    expect(syncSnapshots(folder, files)).toEqual(['a.json']);
    expect(existsSync(join(dir, 'a.json'))).toBe(false);
    process.env[UPDATE_SNAPSHOTS_ENV] = 'yes';
    expect(syncSnapshots(folder, files)).toEqual(['a.json']);
    process.env[UPDATE_SNAPSHOTS_ENV] = '1';
    mkdirSync(dir, { recursive: true });
    expect(syncSnapshots(folder, files)).toEqual([]);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{}\n');
    delete process.env[UPDATE_SNAPSHOTS_ENV];
    expect(syncSnapshots(folder, files)).toEqual([]);
  });

  it('driftMessage names the folder, at most eight files, and the command', () => {
    const folder = pathToFileURL('/snapshots/');
    expect(driftMessage(folder, ['a.json', 'b.json'])).toBe(
      `tools/list changed: /snapshots/ a.json, b.json differ. Run \`${SNAPSHOTS_COMMAND}\` and review the diff.`,
    );
    const nine = Array.from({ length: 9 }, (_, i) => `${i}.json`);
    expect(driftMessage(folder, nine)).toContain('7.json …');
    expect(driftMessage(folder, nine)).not.toContain('8.json');
    expect(driftMessage(folder, nine.slice(0, 8))).toContain('7.json differ');
    expect(SNAPSHOTS_COMMAND).toBe('pnpm snapshots:update');
  });
});

// buildCatalog at its edges: among files that tie for a route the first file's entry stays, the preferred file is
// chosen per route (two routes stay two tools), every defect is on its own line, and a plain GET's recipe holds no
// empty content type, accept or form fields.
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
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-catalog-edges-'));
});

describe('buildCatalog: the preferred file', () => {
  it('files that tie for a route: the first file’s entry stays', async () => {
    const route = (summary: string) =>
      spec({ '/shared/v1/things': { get: { operationId: 'getThings', summary, responses: ok } } });
    const files = [
      file('one', route('From one.')),
      file('two', route('From two.')),
      file('three', route('From three.')),
    ];
    const { catalog } = await buildCatalog({
      family: 'sp-api',
      toolsetOf: () => 't',
      files,
      preferFile: () => 0,
    });
    expect(catalog.operations.map((o) => o.meta.api)).toEqual(['one']);
  });

  it('two routes stay two tools, each with its own preferred file', async () => {
    const both = (tag: string) =>
      spec({
        '/v1/a': { get: { operationId: 'getA', summary: `A from ${tag}.`, responses: ok } },
        '/v1/b': { get: { operationId: 'getB', summary: `B from ${tag}.`, responses: ok } },
      });
    const files = [file('left', both('left')), file('right', both('right'))];
    const { catalog } = await buildCatalog({
      family: 'sp-api',
      toolsetOf: () => 't',
      files,
      preferFile: (a, b) => (a.stem === 'right' ? -1 : 0) - (b.stem === 'right' ? -1 : 0),
    });
    expect(catalog.operations.map((o) => [o.name, o.meta.api])).toEqual([
      ['get_a', 'right'],
      ['get_b', 'right'],
    ]);
  });
});

describe('buildCatalog: recipes and defects', () => {
  it('a plain GET’s recipe is method, path and params only', async () => {
    const plain = file(
      'plain',
      spec({ '/v1/things': { get: { operationId: 'listThings', summary: 'All.', responses: ok } } }),
    );
    const { catalog } = await buildCatalog({ family: 'sp-api', toolsetOf: () => 't', files: [plain] });
    expect(Object.keys(catalog.operations[0]?.recipe ?? {})).toEqual(['method', 'path', 'params']);
  });

  it('every defect on a line of its own', async () => {
    const broken = file(
      'broken2',
      spec({
        '/v1/a/{aId}': { get: { operationId: 'getA', summary: 'A.', responses: ok } },
        '/v1/b/{bId}': { get: { operationId: 'getB', summary: 'B.', responses: ok } },
      }),
    );
    const failure = await buildCatalog({ family: 'sp-api', toolsetOf: () => 't', files: [broken] }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SpecDefectsError);
    expect((failure as Error).message).toBe(
      '2 spec defect(s); settle each with an erratum in @obmcp/upstream-specs (src/errata.ts):\n' +
        '  broken2 getA: path placeholder {aId} of /v1/a/{aId} has no path parameter\n' +
        '  broken2 getB: path placeholder {bId} of /v1/b/{bId} has no path parameter',
    );
  });
});

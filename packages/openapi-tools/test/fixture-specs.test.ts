// One small fixture spec per generator rule (test/fixtures/<rule>/*.json), built with buildCatalog and
// compared with its committed catalog snapshot (test/fixtures/<rule>/catalog.snap.json): a rule change shows
// as a readable diff here. `vitest run -u` rewrites the snapshots; review the diff.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SpecFamily, SpecFile } from '@obmcp/upstream-specs';
import { describe, expect, it } from 'vitest';
import { buildCatalog, type CatalogOptions } from '../src/generate/build-catalog.js';
import { serializeCatalog } from '../src/generate/catalog-file.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

function fixtureFiles(rule: string, family: SpecFamily): SpecFile[] {
  const dir = new URL(`${rule}/`, FIXTURES);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.snap.json'))
    .sort()
    .map((f) => ({
      family,
      stem: f.replace(/\.json$/, ''),
      relPath: `${rule}/${f}`,
      absPath: fileURLToPath(new URL(f, dir)),
    }));
}

/** Each rule: its fixture folder, the family it poses as, and the options that exercise the rule. */
const RULES: Array<{ rule: string; what: string; family: SpecFamily; options?: Partial<CatalogOptions> }> = [
  { rule: 'names', what: 'an operationId shared across toolsets gets its toolset', family: 'sp-api' },
  {
    rule: 'prefer-file',
    what: 'the same method+path in two files becomes one entry from the preferred file; server headers leave the schema',
    family: 'amazon-ads',
    options: {
      preferFile: (a, b) => (a.stem === 'AdsAPIv1All' ? 1 : 0) - (b.stem === 'AdsAPIv1All' ? 1 : 0),
      serverHeaders: ['Amazon-Advertising-API-Scope'],
    },
  },
  {
    rule: 'schemas',
    what: 'nullable becomes a type list, readOnly/example/x-* are dropped, the description is bounded',
    family: 'amazon-ads',
  },
  {
    rule: 'sp-rules',
    what: 'usage plan from the table, a read-like POST, csv query arrays, a success body with errors',
    family: 'sp-api',
    options: { readOperations: ['createReport'] },
  },
  {
    rule: 'media-choice',
    what: 'a preset picks one declared media type: body schema, Content-Type and Accept follow it',
    family: 'amazon-ads',
    options: { mediaTypes: { 'Recommendations.getRecommendations': 'application/vnd.recs.v5+json' } },
  },
];

describe('generator rules on fixture specs', () => {
  for (const { rule, what, family, options } of RULES) {
    it(`${rule}: ${what}`, async () => {
      const { catalog, problems } = await buildCatalog({
        family,
        toolsetOf: (file) => file.stem.toLowerCase(),
        files: fixtureFiles(rule, family),
        ...options,
      });
      expect(problems).toEqual([]);
      const text = [...serializeCatalog(catalog).values()].join('');
      await expect(text).toMatchFileSnapshot(fileURLToPath(new URL(`${rule}/catalog.snap.json`, FIXTURES)));
    });
  }

  it('a preset may only choose a media type the spec declares', async () => {
    const { problems } = await buildCatalog({
      family: 'amazon-ads',
      toolsetOf: () => 'x',
      files: fixtureFiles('media-choice', 'amazon-ads'),
      mediaTypes: { 'Recommendations.getRecommendations': 'application/vnd.recs.v9+json' },
    });
    expect(problems).toEqual([
      expect.objectContaining({ operationId: 'getRecommendations', problem: expect.stringMatching(/v9/) }),
    ]);
  });
});

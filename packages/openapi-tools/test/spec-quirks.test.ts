// Spec quirks settled by rule (fixture spec): greedy path parameters, placeholders no parameter fills and
// undeclared required names stop generation (listed, for an erratum), resource-dependent success types.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { buildRequest } from '../src/build-request.js';
import { buildCatalog, SpecDefectsError } from '../src/generate/build-catalog.js';
import { specArguments } from '../src/generate/parameters.js';
import { specOperations } from '../src/generate/spec-operations.js';

const FIXTURE = new URL('./fixtures/spec-quirks.json', import.meta.url);
const doc = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;

vi.mock('@obmcp/upstream-specs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@obmcp/upstream-specs')>()),
  listSpecFiles: () => [
    { family: 'amazon-ads', stem: 'Quirks', relPath: 'Quirks.json', absPath: FIXTURE.pathname },
  ],
  dereferenceSpec: async () => doc(),
}));

const OPTIONS = { serverHeaders: [], maxDescription: 200 };
const op = (operationId: string) => {
  const found = specOperations(doc()).find((o) => o.operationId === operationId);
  if (!found) throw new Error(operationId);
  return found;
};

describe('greedy path parameters (x-amazon-spds-greedy-path-parameter)', () => {
  it('are marked in the recipe and sent with literal slashes; other path values stay one segment', () => {
    const { args } = specArguments(op('createDestination'), OPTIONS);
    const params = args.map((a) => a.param);
    expect(params.find((p) => p.name === 'resource')).toMatchObject({ in: 'path', greedy: true });
    const built = buildRequest(
      { method: 'POST', path: '/uploads/v1/destinations/{resource}', params },
      { resource: 'aplus/2020-11-01/contentDocuments', fileId: 'a/b' },
    );
    expect(built.pathAndQuery).toBe(
      '/uploads/v1/destinations/aplus/2020-11-01/contentDocuments?fileId=a%2Fb',
    );
    const plain = buildRequest(
      {
        method: 'GET',
        path: '/files/{fileId}',
        params: [{ arg: 'fileId', name: 'fileId', in: 'path', required: true }],
      },
      { fileId: 'aplus/2020-11-01' },
    );
    expect(plain.pathAndQuery).toBe('/files/aplus%2F2020-11-01');
  });
});

describe('spec defects stop generation, every one listed', () => {
  it('placeholders without a parameter and required names never declared', async () => {
    const failure = await buildCatalog({ family: 'amazon-ads', toolsetOf: () => 'quirks' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SpecDefectsError);
    const listed = (failure as SpecDefectsError).defects.map((d) => `${d.operationId}: ${d.problem}`);
    expect(listed.sort()).toEqual(
      [
        'deleteTag: path placeholder {tagId} of /tags/{tagId} has no path parameter',
        'getPart: path placeholder {partId} of /files/{fileId}/parts/{partId} has no path parameter',
        "updateNote: body requires 'noteId', which it never declares",
        "updateNote: body/items/* requires 'Sku', which it never declares",
      ].sort(),
    );
    // Named in the message too (what the generate command prints).
    expect(String(failure)).toContain('{partId}');
  });

  it('a name declared by an allOf sibling, or admitted by a map, is not a defect', () => {
    const { defects } = specArguments(op('updateNote'), OPTIONS);
    expect(defects.some((d) => /author|labels|'name'|'email'|'color'/.test(d))).toBe(false);
  });
});

describe('success media types that depend on the resource', () => {
  it('become a required Accept argument (one of the declared types) that the request sends', () => {
    const { args } = specArguments(op('getExport'), OPTIONS);
    const accept = args.find((a) => a.param.name === 'Accept');
    expect(accept?.param).toMatchObject({ in: 'header', required: true });
    expect(accept?.schema.enum).toEqual([
      'application/vnd.campaignsexport.v1+json',
      'application/vnd.adsexport.v1+json',
    ]);
    const built = buildRequest(
      {
        method: 'GET',
        path: '/exports/{exportId}',
        params: args.map((a) => a.param),
        accept: 'application/vnd.campaignsexport.v1+json',
      },
      { exportId: 'e1', Accept: 'application/vnd.adsexport.v1+json' },
    );
    expect(built.headers.accept).toBe('application/vnd.adsexport.v1+json');
  });

  it('versions of one resource keep the recipe Accept (no argument)', () => {
    const { args } = specArguments(op('listCampaigns'), OPTIONS);
    expect(args.some((a) => a.param.name === 'Accept')).toBe(false);
  });
});

describe('path and header values from arguments', () => {
  const recipe = {
    method: 'POST' as const,
    path: '/service/v1/serviceJobs/{serviceJobId}/appointments',
    params: [
      { arg: 'serviceJobId', name: 'serviceJobId', in: 'path' as const, required: true },
      { arg: 'x-account', name: 'X-Account', in: 'header' as const, required: false },
    ],
  };
  it.each([['..'], ['.'], [''], ['a\nb']])('%j as a path value is refused with its pointer', (value) => {
    expect(() => buildRequest(recipe, { serviceJobId: value })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ path: 'serviceJobId' })] }),
    );
  });
  it('a CR/LF header value is refused with its pointer', () => {
    expect(() => buildRequest(recipe, { serviceJobId: 'j1', 'x-account': 'x\r\nX-Injected: yes' })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ path: 'x-account' })] }),
    );
  });
});

// What a committed tool snapshot holds: keys sorted at every depth (arrays keep their order), null kept; only the
// folder's .json files are the snapshots (a README beside them is neither stale nor removed); the file argument schema.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { fileArgumentSchema } from '../src/generate/form-body.js';
import { snapshotText, syncSnapshots, UPDATE_SNAPSHOTS_ENV } from '../src/generate/tool-snapshots.js';

describe('snapshotText', () => {
  it('sorts keys at every depth, keeps array order and null values', () => {
    const tool = {
      name: 'b_tool',
      inputSchema: {
        type: 'object',
        properties: { zeta: { type: 'null', default: null }, alpha: { enum: ['z', 'a'] } },
      },
      description: 'D',
      annotations: { title: 'T', readOnlyHint: true },
    } as unknown as Tool;
    expect(snapshotText([tool])).toBe(
      `${JSON.stringify(
        {
          tools: [
            {
              annotations: { readOnlyHint: true, title: 'T' },
              description: 'D',
              inputSchema: {
                properties: { alpha: { enum: ['z', 'a'] }, zeta: { default: null, type: 'null' } },
                type: 'object',
              },
              name: 'b_tool',
            },
          ],
        },
        null,
        2,
      )}\n`,
    );
  });
});

describe('snapshotText key order', () => {
  it('is code-unit order whatever order the keys came in (capitals before lower case)', () => {
    const tool = { name: 't', inputSchema: { b: 1, a: 2, c: 3, B: 4, _x: 5 } } as unknown as Tool;
    const written = JSON.parse(snapshotText([tool])) as { tools: [{ inputSchema: object }] };
    expect(Object.keys(written.tools[0].inputSchema)).toEqual(['B', '_x', 'a', 'b', 'c']);
  });
});

describe('syncSnapshots and other files of the folder', () => {
  const original = process.env[UPDATE_SNAPSHOTS_ENV];
  afterEach(() => {
    if (original === undefined) delete process.env[UPDATE_SNAPSHOTS_ENV];
    else process.env[UPDATE_SNAPSHOTS_ENV] = original;
  });

  it('a README beside the snapshots is not stale, and an update leaves it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snapshots-'));
    writeFileSync(join(dir, 'README.md'), 'notes');
    writeFileSync(join(dir, 'a.json'), '{}\n');
    const files = new Map([['a.json', '{}\n']]);
    delete process.env[UPDATE_SNAPSHOTS_ENV];
    expect(syncSnapshots(pathToFileURL(`${dir}/`), files)).toEqual([]);
    process.env[UPDATE_SNAPSHOTS_ENV] = '1';
    writeFileSync(join(dir, 'old.json'), '{}\n');
    expect(syncSnapshots(pathToFileURL(`${dir}/`), files)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'a.json']);
  });
});

describe('fileArgumentSchema', () => {
  it('offers base64 or a path, an optional file name and media type, nothing else', () => {
    expect(fileArgumentSchema(undefined)).toEqual({
      type: 'object',
      description:
        'A file: its bytes as base64, or a path to a file inside the directory the server allows for uploads.',
      properties: {
        base64: { type: 'string', minLength: 1, description: 'The file bytes, base64-encoded.' },
        path: {
          type: 'string',
          minLength: 1,
          description: 'A file inside the server’s upload directory (relative to it, or absolute within it).',
        },
        filename: { type: 'string', minLength: 1, description: 'The part’s file name (default: from path).' },
        contentType: { type: 'string', minLength: 1, description: 'The part’s media type.' },
      },
      oneOf: [{ required: ['base64'] }, { required: ['path'] }],
      additionalProperties: false,
    });
  });
});

// The v2-everywhere guard (scripts/check-sdk-imports.mjs): no v1 MCP SDK import or dependency outside its allow-list.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

interface CheckModule {
  V1_PACKAGE: string;
  ALLOWED: Map<string, string>;
  v1Use(path: string, text: string): string | undefined;
  violations(root: string, files?: string[]): string[];
}
const check = (await import(
  pathToFileURL(join(REPO_ROOT, 'scripts/check-sdk-imports.mjs')).href
)) as CheckModule;
/** Spelled in parts, so that this file is not a use itself. */
const V1 = check.V1_PACKAGE;

describe('scripts/check-sdk-imports.mjs', () => {
  it('finds no v1 SDK use in the repo outside the allow-list', () => {
    expect(check.violations(REPO_ROOT)).toEqual([]);
  });

  it('every allow-listed file exists and still uses the v1 SDK (a stale entry would hide a new use)', () => {
    for (const path of check.ALLOWED.keys())
      expect(check.v1Use(path, readFileSync(join(REPO_ROOT, path), 'utf8')), path).toBeDefined();
  });

  it.each([
    ['a static import', 'src/a.ts', `import { Client } from '${V1}/client/index.js';\n`],
    ['a type import', 'src/b.ts', `import type { Tool } from "${V1}/types.js";\n`],
    ['a re-export', 'src/c.mts', `export * from '${V1}';\n`],
    ['a dynamic import', 'bench/d.mjs', `const m = await import('${V1}/server/index.js');\n`],
    ["the bench's esm()", 'bench/e.mjs', `const { Server } = await import(esm('${V1}/server/index.js'));\n`],
    ['a require', 'scripts/f.cjs', `const { Client } = require('${V1}/client/index.js');\n`],
    ['a devDependency', 'tests/g/package.json', JSON.stringify({ devDependencies: { [V1]: '1.32.2' } })],
    ['a dependency', 'package.json', JSON.stringify({ dependencies: { [V1]: '^1.0.0' } })],
  ])('flags %s', (_, path, text) => {
    expect(check.v1Use(path, text)).toBeDefined();
  });

  it.each([
    ['the v2 server', 'src/a.ts', "import { Server } from '@modelcontextprotocol/server';\n"],
    ['the v2 client', 'src/b.ts', "import { Client } from '@modelcontextprotocol/client';\n"],
    ['a mention in prose', 'src/c.ts', `// before the move to v2 this was \`${V1}\` 1.x\n`],
    ['a look-alike name', 'src/d.ts', `import x from '${V1}-extra';\n`],
    ['a markdown file', 'docs/e.md', `import { Client } from '${V1}/client/index.js';\n`],
    ['a package.json without it', 'tests/f/package.json', JSON.stringify({ devDependencies: { zod: '4' } })],
  ])('does not flag %s', (_, path, text) => {
    expect(check.v1Use(path, text)).toBeUndefined();
  });

  describe('on a work tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'obmcp-sdk-imports-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };

    it('reports a new use with its line, and leaves allow-listed files alone', () => {
      write('tests/clients/test/sdk.test.ts', `import { Client } from '${V1}/client/index.js';\n`);
      write('tests/new/test/x.test.ts', `// header\nimport { Client } from '${V1}/client/index.js';\n`);
      write('tests/new/package.json', JSON.stringify({ devDependencies: { [V1]: '1.32.2' } }));
      write('packages/ok/src/y.ts', "import { Client } from '@modelcontextprotocol/client';\n");
      const files = [
        'tests/clients/test/sdk.test.ts',
        'tests/new/test/x.test.ts',
        'tests/new/package.json',
        'packages/ok/src/y.ts',
      ];
      expect(check.violations(root, files)).toEqual([
        `tests/new/test/x.test.ts: line 2: import { Client } from '${V1}/client/index.js';`,
        `tests/new/package.json: devDependencies has ${V1}`,
      ]);
    });
  });
});

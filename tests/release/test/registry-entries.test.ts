// MCP Registry entries: each app's server.json validates against the registry's vendored schema and tells the truth.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { APP_DIRS, appReadme, looksSecret, type ServerJson, serverJson } from '../src/install-surface.js';
import { readManifest } from '../src/packed.js';
import { REPO_ROOT, SERVER_JSON_SCHEMA } from '../src/paths.js';

const addFormats = addFormatsModule.default;
const schema = JSON.parse(readFileSync(SERVER_JSON_SCHEMA, 'utf8')) as { $id: string };
// The schema carries OpenAPI's `example` and `discriminator` keywords: not strict.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

describe.each(APP_DIRS)('%s/server.json', (dir) => {
  const entry = serverJson(dir);
  const pkg = readManifest(join(REPO_ROOT, dir));

  it("validates against the MCP Registry's published schema, which it names", () => {
    expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
    expect(entry.$schema).toBe(schema.$id);
  });

  it('is the npm package at its version, run over stdio, named as package.json mcpName says', () => {
    expect(entry.name).toBe(pkg.mcpName);
    expect(entry.version).toBe(pkg.version);
    expect(entry.packages).toHaveLength(1);
    const [npm] = entry.packages;
    expect(npm).toMatchObject({
      registryType: 'npm',
      identifier: pkg.name,
      version: pkg.version,
      transport: { type: 'stdio' },
    });
  });

  it('describes every variable, marks exactly the credentials secret, and names only variables the README documents', () => {
    const vars = entry.packages[0]?.environmentVariables ?? [];
    expect(vars.length).toBeGreaterThan(0);
    const readme = appReadme(dir);
    for (const v of vars) {
      expect(v.description?.trim().length ?? 0, v.name).toBeGreaterThanOrEqual(10);
      expect(v.isSecret ?? false, v.name).toBe(looksSecret(v.name));
      expect(readme, `${dir}/README.md documents ${v.name}`).toContain(`\`${v.name}\``);
      if (v.default !== undefined && v.choices) expect(v.choices).toContain(v.default);
    }
  });
});

describe('the validator', () => {
  it('rejects what the registry rejects (a floating version, a missing description, a too-long description)', () => {
    const base = serverJson('apps/sp-mcp');
    const mutate = (change: (e: ServerJson) => void) => {
      const copy = structuredClone(base);
      change(copy);
      return validate(copy);
    };
    expect(mutate(() => undefined)).toBe(true);
    expect(mutate((e) => Object.assign(e.packages[0] ?? {}, { version: 'latest' }))).toBe(false);
    expect(mutate((e) => Reflect.deleteProperty(e, 'description'))).toBe(false);
    expect(mutate((e) => Object.assign(e, { description: 'x'.repeat(101) }))).toBe(false);
  });
});

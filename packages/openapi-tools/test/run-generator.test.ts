// The generator command an app's build runs: usage errors, a config module without catalogConfig, generate writes
// the catalog folder, check says current or names the stale files (exit 1), spec problems as warning lines.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runGenerator, USAGE } from '../src/generate/run-generator.js';

const spec = fileURLToPath(new URL('./fixtures/names/ordersV0.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'obmcp-generator-'));
const config = join(dir, 'config.mjs');
writeFileSync(
  config,
  `export const catalogConfig = {
  family: 'sp-api',
  files: [{ family: 'sp-api', stem: 'ordersV0', relPath: 'names/ordersV0.json', absPath: ${JSON.stringify(spec)} }],
  toolsetOf: () => 'orders',
  documentedExamples: { getOrder: [{ notAnArgument: 1 }] },
};\n`,
);
const empty = join(dir, 'empty.mjs');
writeFileSync(empty, 'export const other = 1;\n');

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runGenerator(args, (line) => lines.push(line));
  return { code, text: lines.join('') };
}

describe('obmcp-openapi-tools generate|check', () => {
  // Fixed titles: a title holding the scratch folder's random name would differ between runs.
  it.each([
    ['no arguments', []],
    ['an unknown command', ['build', config, dir]],
    ['no catalog folder', ['generate', config]],
    ['an empty config path', ['check', '', dir]],
  ])('prints the usage and exits 2 for %s', async (_what, args) => {
    expect(await run(...(args as string[]))).toEqual({ code: 2, text: USAGE });
  });

  it('refuses a config module without catalogConfig', async () => {
    expect(await run('check', empty, dir)).toEqual({
      code: 2,
      text: `${empty} exports no catalogConfig\n${USAGE}`,
    });
  });

  it('generate writes the folder; check then finds it current; a changed file makes it stale', async () => {
    const out = join(dir, 'catalog');
    const first = await run('check', config, out);
    expect(first.code).toBe(1);
    expect(first.text).toMatch(/\n[^\n]+ is stale \(ordersV0\.catalog\.json\): run the app's build\n$/);
    const generated = await run('generate', config, out);
    expect(generated.code).toBe(0);
    expect(generated.text).toMatch(
      new RegExp(
        `^warning: ordersV0 getOrder: a documented example does not validate\\n${out}: 1 operations\\n$`,
      ),
    );
    expect(readdirSync(out)).toEqual(['ordersV0.catalog.json']);
    expect((await run('check', config, out)).code).toBe(0);
    expect((await run('check', config, out)).text).toMatch(/is current\n$/);
    for (let i = 0; i < 6; i++) writeFileSync(join(out, `old${i}.catalog.json`), '{}');
    expect((await run('check', config, out)).text).toContain(
      `${out} is stale (old0.catalog.json, old1.catalog.json, old2.catalog.json, old3.catalog.json, old4.catalog.json …): run the app's build\n`,
    );
  });
});

#!/usr/bin/env node
// obmcp-openapi-tools generate|check <preset> <catalog.json>: writes or verifies a server's catalog.
import { buildCatalog } from './build-catalog.js';
import { catalogIsCurrent, writeCatalog } from './catalog-file.js';
import { CATALOG_PRESETS } from './presets.js';

async function main(): Promise<number> {
  const [command, presetName, out] = process.argv.slice(2);
  const preset = presetName ? CATALOG_PRESETS[presetName] : undefined;
  if ((command !== 'generate' && command !== 'check') || !preset || !out) {
    process.stderr.write(
      `usage: obmcp-openapi-tools generate|check <${Object.keys(CATALOG_PRESETS).join('|')}> <catalog.json>\n`,
    );
    return 2;
  }
  const { catalog, problems } = await buildCatalog(preset);
  for (const p of problems) process.stderr.write(`warning: ${p.api} ${p.operationId}: ${p.problem}\n`);
  if (command === 'check') {
    const current = catalogIsCurrent(out, catalog);
    process.stderr.write(current ? `${out} is current\n` : `${out} is stale: run generate\n`);
    return current ? 0 : 1;
  }
  writeCatalog(out, catalog);
  process.stderr.write(`${out}: ${catalog.operations.length} operations\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

#!/usr/bin/env node
// obmcp-openapi-tools generate|check <config module> <catalog folder>: writes or verifies a server's
// catalog. The config module (the app's, compiled) exports `catalogConfig`: the app's CatalogOptions.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCatalog, type CatalogOptions } from './build-catalog.js';
import { staleCatalogFiles, writeCatalog } from './catalog-file.js';

const USAGE =
  'usage: obmcp-openapi-tools generate|check <config module exporting catalogConfig> <catalog folder>\n';

async function configFrom(path: string): Promise<CatalogOptions | undefined> {
  const module = (await import(pathToFileURL(resolve(path)).href)) as { catalogConfig?: CatalogOptions };
  return module.catalogConfig;
}

async function main(): Promise<number> {
  const [command, configPath, out] = process.argv.slice(2);
  if ((command !== 'generate' && command !== 'check') || !configPath || !out) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = await configFrom(configPath);
  if (!config) {
    process.stderr.write(`${configPath} exports no catalogConfig\n${USAGE}`);
    return 2;
  }
  const { catalog, problems } = await buildCatalog(config);
  for (const p of problems) process.stderr.write(`warning: ${p.api} ${p.operationId}: ${p.problem}\n`);
  if (command === 'check') {
    const stale = staleCatalogFiles(out, catalog);
    process.stderr.write(
      stale.length === 0
        ? `${out} is current\n`
        : `${out} is stale (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ' …' : ''}): run the app's build\n`,
    );
    return stale.length === 0 ? 0 : 1;
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

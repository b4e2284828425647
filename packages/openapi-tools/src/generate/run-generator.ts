// The generator command: `generate|check <config module> <catalog folder>` writes or verifies a server's catalog.
// The config module (the app's, compiled) exports `catalogConfig`: the app's CatalogOptions.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCatalog, type CatalogOptions } from './build-catalog.js';
import { staleCatalogFiles, writeCatalog } from './catalog-file.js';

export const USAGE =
  'usage: obmcp-openapi-tools generate|check <config module exporting catalogConfig> <catalog folder>\n';

async function configFrom(path: string): Promise<CatalogOptions | undefined> {
  const module = (await import(pathToFileURL(resolve(path)).href)) as { catalogConfig?: CatalogOptions };
  return module.catalogConfig;
}

/** Runs the command on `args` (argv after the script), writing its lines to `stderr`; resolves to the exit code. */
export async function runGenerator(args: readonly string[], stderr: (line: string) => void): Promise<number> {
  const [command, configPath, out] = args;
  if ((command !== 'generate' && command !== 'check') || !configPath || !out) {
    stderr(USAGE);
    return 2;
  }
  const config = await configFrom(configPath);
  if (!config) {
    stderr(`${configPath} exports no catalogConfig\n${USAGE}`);
    return 2;
  }
  const { catalog, problems } = await buildCatalog(config);
  for (const p of problems) stderr(`warning: ${p.api} ${p.operationId}: ${p.problem}\n`);
  if (command === 'check') {
    const stale = staleCatalogFiles(out, catalog);
    stderr(
      stale.length === 0
        ? `${out} is current\n`
        : `${out} is stale (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ' …' : ''}): run the app's build\n`,
    );
    return stale.length === 0 ? 0 : 1;
  }
  writeCatalog(out, catalog);
  stderr(`${out}: ${catalog.operations.length} operations\n`);
  return 0;
}

// Coverage: with every toolset and writes on, each operation of the vendored SP-API models is served by
// exactly one listed tool, found through its _meta["io.obmcp/operation"]; the catalog file is current.
import { assertPortableTools } from '@obmcp/contract/schema';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { OPERATION_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import { listSpecFiles, readSpec } from '@obmcp/upstream-specs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { curatedOperations } from './support/curated-tools.js';

const CURATED_OPERATIONS = curatedOperations();
import { OUTSIDE_DEFAULT } from '../src/operations/default-listing.js';
import { createServer } from '../src/server.js';

/** Operations deliberately not served, with the reason (mirrored in BEHAVIOR.md). None today. */
const EXCLUDED: Record<string, string> = {};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Straight from the model files, independent of the generator. */
function modelOperations(): string[] {
  const keys: string[] = [];
  for (const file of listSpecFiles('sp-api')) {
    const doc = readSpec(file) as unknown as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    for (const [path, item] of Object.entries(doc.paths))
      for (const m of METHODS) {
        const op = item[m];
        if (op) keys.push(`${file.stem} ${op.operationId} ${m.toUpperCase()} ${path}`);
      }
  }
  return keys;
}

function listedOperations(env: Record<string, string>): Map<string, string[]> {
  const config = loadConfig({ OBMCP_MOCK: '1', ...env });
  const { host } = createServer(config, { logger: silentLogger, env });
  const byOperation = new Map<string, string[]>();
  for (const tool of host.listed()) {
    const meta = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
    if (!meta) continue;
    const key = `${meta.api} ${meta.operationId} ${meta.method} ${meta.path}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), tool.name]);
  }
  return byOperation;
}

describe('SP-API operation coverage', () => {
  it('maps every model operation to exactly one listed tool (SP_API_TOOLSETS=all, writes on)', {
    timeout: 120_000,
  }, () => {
    const model = modelOperations();
    expect(model).toHaveLength(370);
    const listed = listedOperations({
      SP_API_TOOLSETS: 'all',
      SP_API_ENABLE_WRITES: 'true',
      CODE_MODE: 'off',
    });
    const missing = model.filter((k) => !listed.has(k) && !(k in EXCLUDED));
    const doubled = [...listed].filter(([, names]) => names.length > 1);
    const unknown = [...listed.keys()].filter((k) => !model.includes(k));
    expect({ missing, doubled, unknown }).toEqual({ missing: [], doubled: [], unknown: [] });
  });

  it('every published tool passes the contract portable-schema rules (assertPortableTools)', {
    timeout: 120_000,
  }, () => {
    const config = loadConfig({ OBMCP_MOCK: '1', SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' });
    const env = { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' };
    const { host } = createServer(config, { logger: silentLogger, env });
    const listed = host.listed();
    expect(listed.length).toBeGreaterThan(370);
    const views = assertPortableTools(
      listed.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
        handler: () => ({}),
      })),
    );
    expect(views.size).toBe(listed.length);
  });

  it('curated tools declare the operation they call', { timeout: 60_000 }, () => {
    const listed = listedOperations({ SP_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' });
    expect(listed.get('ordersV0 getOrders GET /orders/v0/orders')).toEqual(['get_orders']);
    // The default lists every curated tool but those OUTSIDE_DEFAULT (listed with their API toolset;
    // workflow tools such as run_report are there too, and declare no single operation).
    const outside = [...OUTSIDE_DEFAULT].filter((name) => name in CURATED_OPERATIONS);
    expect(listed.size).toBe(Object.keys(CURATED_OPERATIONS).length - outside.length);
    const reports = listedOperations({ SP_API_TOOLSETS: 'curated,reports', CODE_MODE: 'off' });
    expect(reports.get('reports_2021-06-30 getReports GET /reports/2021-06-30/reports')).toEqual([
      'list_reports',
    ]);
  });
});

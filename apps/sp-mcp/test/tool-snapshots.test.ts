// What agents see, committed: the default tools/list (generated/tools/default.json) and, with every toolset
// and writes on, each tool's published entry in generated/tools/all/<toolset>.json (curated tools in
// curated.json). Built in process; `pnpm snapshots:update` rewrites the files, any other drift fails here.
import { silentLogger } from '@obmcp/contract';
import { OPERATION_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import {
  driftMessage,
  groupedSnapshots,
  listPublishedTools,
  snapshotText,
  syncSnapshots,
} from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { spCatalog } from '../src/operations/catalog.js';
import { createServer } from '../src/server.js';
import { curatedTools } from './support/curated-tools.js';

const TOOLS = new URL('../generated/tools/', import.meta.url);

async function listing(env: Record<string, string>) {
  const config = loadConfig({ OBMCP_MOCK: '1', ...env });
  return listPublishedTools(createServer(config, { logger: silentLogger, env }).server);
}

describe('published tools snapshots (pnpm snapshots:update)', () => {
  it('the default tools/list is generated/tools/default.json', { timeout: 60_000 }, async () => {
    const folder = TOOLS;
    const drifted = syncSnapshots(folder, new Map([['default.json', snapshotText(await listing({}))]]));
    expect(drifted, driftMessage(folder, drifted)).toEqual([]);
  });

  it('every tool (all toolsets, writes on) is in generated/tools/all/<toolset>.json', {
    timeout: 180_000,
  }, async () => {
    const folder = new URL('all/', TOOLS);
    const curated = new Set(curatedTools().map((t) => t.name));
    const toolsetOf = new Map(
      spCatalog().operations.map((op) => [`${op.meta.api}.${op.meta.operationId}`, op.toolset]),
    );
    const tools = await listing({ SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' });
    const files = groupedSnapshots(tools, (tool) => {
      if (curated.has(tool.name)) return 'curated';
      const op = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
      return (op && toolsetOf.get(`${op.api}.${op.operationId}`)) ?? 'server';
    });
    const drifted = syncSnapshots(folder, files);
    expect(drifted, driftMessage(folder, drifted)).toEqual([]);
  });
});

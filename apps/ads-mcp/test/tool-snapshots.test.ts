// What agents see, committed: the default tools/list (generated/tools/default.json) and, with every toolset
// and writes on, each tool's published entry in generated/tools/all/<toolset>.json (curated tools in
// curated.json). Built in process; `pnpm snapshots:update` rewrites the files, any other drift fails here.
import { silentLogger } from '@obmcp/mcp-server/testing';
import {
  driftMessage,
  listPublishedTools,
  snapshotText,
  syncSnapshots,
  toolsetSnapshots,
} from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { adsCatalog } from '../src/operations/catalog.js';
import { createServer } from '../src/server.js';
import { curatedTools } from './support/curated-tools.js';

const TOOLS = new URL('../generated/tools/', import.meta.url);
const CREDS = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'mock-client',
  ADS_API_CLIENT_SECRET: 'mock-secret',
  ADS_API_REFRESH_TOKEN: 'mock-refresh',
};

async function listing(env: Record<string, string>) {
  const config = loadConfig({ ...CREDS, ...env });
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
    const tools = await listing({ ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true', CODE_MODE: 'off' });
    const files = toolsetSnapshots(tools, new Set(curatedTools().map((t) => t.name)), adsCatalog());
    const drifted = syncSnapshots(folder, files);
    expect(drifted, driftMessage(folder, drifted)).toEqual([]);
  });
});

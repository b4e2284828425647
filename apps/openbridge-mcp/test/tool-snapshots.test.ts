// What agents see, committed: the default tools/list (generated/tools/default.json) and every tool with the
// privileged and query-execution gates open (generated/tools/all/tools.json). Built in process;
// `pnpm snapshots:update` rewrites the files, any other drift fails here.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { driftMessage, listPublishedTools, snapshotText, syncSnapshots } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const TOOLS = new URL('../generated/tools/', import.meta.url);

async function listing(env: Record<string, string>) {
  const all = { OBMCP_MOCK: '1', OPENBRIDGE_REFRESH_TOKEN: 'unit-key:unit-secret', ...env };
  return listPublishedTools(createServer(loadConfig(all), { logger: silentLogger, env: all }).server);
}

describe('published tools snapshots (pnpm snapshots:update)', () => {
  it('the default tools/list is generated/tools/default.json', { timeout: 60_000 }, async () => {
    const drifted = syncSnapshots(TOOLS, new Map([['default.json', snapshotText(await listing({}))]]));
    expect(drifted, driftMessage(TOOLS, drifted)).toEqual([]);
  });

  it('every tool (privileged and query execution on) is in generated/tools/all/tools.json', {
    timeout: 60_000,
  }, async () => {
    const folder = new URL('all/', TOOLS);
    const tools = await listing({
      OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
      OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
      CODE_MODE: 'off',
    });
    const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
    const drifted = syncSnapshots(folder, new Map([['tools.json', snapshotText(sorted)]]));
    expect(drifted, driftMessage(folder, drifted)).toEqual([]);
  });
});

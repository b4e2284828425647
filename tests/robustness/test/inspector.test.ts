// The MCP Inspector CLI 1.0.3 (stdio) lists tools and calls one on each server; its isError results are envelopes.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isEnvelope } from '@obmcp/contract';
import { appEntry, MOCKS_PRELOAD } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { APPS, requireBuilt } from '../src/servers.js';

const BIN = fileURLToPath(new URL('../node_modules/.bin/mcp-inspector-cli', import.meta.url));
/** Its version lookup needs a package.json in the cwd's parent (toolchain §5.2): run from test/. */
const CWD = fileURLToPath(new URL('.', import.meta.url));

function inspect(app: (typeof APPS)[number], ...args: string[]): Promise<unknown> {
  requireBuilt(app);
  const argv = ['--cli', process.execPath, '--import', MOCKS_PRELOAD, appEntry(app), ...args];
  return new Promise((resolve, reject) => {
    execFile(BIN, argv, { cwd: CWD, timeout: 60_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

describe.each(APPS)('inspector-cli %s', (app) => {
  it('tools/list and tools/call get_envelope_contract + an unknown tool', async () => {
    const [list, call, unknown] = await Promise.all([
      inspect(app, '--method', 'tools/list') as Promise<{ tools: { name: string; inputSchema: unknown }[] }>,
      inspect(app, '--method', 'tools/call', '--tool-name', 'get_envelope_contract') as Promise<{
        isError?: boolean;
        structuredContent?: unknown;
      }>,
      inspect(app, '--method', 'tools/call', '--tool-name', 'no_such_tool') as Promise<{
        isError?: boolean;
        content: { text: string }[];
      }>,
    ]);
    expect(list.tools.map((t) => t.name)).toContain('get_envelope_contract');
    for (const t of list.tools) expect(t.inputSchema).toMatchObject({ type: 'object' });
    expect(call.isError ?? false).toBe(false);
    expect(unknown.isError).toBe(true);
    expect(isEnvelope(JSON.parse(unknown.content[0]!.text))).toBe(true);
  });
});

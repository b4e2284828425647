// The MCP Inspector CLI 1.0.3 (stdio) lists tools and calls one on a server; its isError results are envelopes. One
// file per app (inspector.<app>.test.ts), so the three apps' runs spread over the workers like any other file.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isEnvelope } from '@obmcp/contract';
import { appEntry, MOCKS_PRELOAD } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { type AppName, requireBuilt } from '../../src/servers.js';

const BIN = fileURLToPath(new URL('../../node_modules/.bin/mcp-inspector-cli', import.meta.url));
/** Its version lookup needs a package.json in the cwd's parent (toolchain §5.2): run from test/. */
const CWD = fileURLToPath(new URL('..', import.meta.url));

/** One inspector run (CLI + server start + one request): a hang guard roomy enough for a loaded 2-core machine. */
const INSPECT_TIMEOUT_MS = 120_000;

function inspect(app: AppName, ...args: string[]): Promise<unknown> {
  requireBuilt(app);
  const argv = ['--cli', process.execPath, '--import', MOCKS_PRELOAD, appEntry(app), ...args];
  return new Promise((resolve, reject) => {
    execFile(
      BIN,
      argv,
      { cwd: CWD, timeout: INSPECT_TIMEOUT_MS, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

export function inspectorSuite(app: AppName): void {
  describe(`inspector-cli ${app}`, () => {
    // One run at a time per app (a file per app: at most one run per worker): three CLIs and three servers at
    // once starved each other on a loaded machine.
    it('tools/list and tools/call get_envelope_contract + an unknown tool', {
      timeout: 3 * INSPECT_TIMEOUT_MS + 10_000,
    }, async () => {
      const list = (await inspect(app, '--method', 'tools/list')) as {
        tools: { name: string; inputSchema: unknown }[];
      };
      const call = (await inspect(app, '--method', 'tools/call', '--tool-name', 'get_envelope_contract')) as {
        isError?: boolean;
        structuredContent?: unknown;
      };
      const unknown = (await inspect(app, '--method', 'tools/call', '--tool-name', 'no_such_tool')) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect(list.tools.map((t) => t.name)).toContain('get_envelope_contract');
      for (const t of list.tools) expect(t.inputSchema).toMatchObject({ type: 'object' });
      expect(call.isError ?? false).toBe(false);
      expect(unknown.isError).toBe(true);
      expect(isEnvelope(JSON.parse(unknown.content[0]!.text))).toBe(true);
    });
  });
}

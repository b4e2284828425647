// @obmcp/mcp-server's README example is a working server: run it over stdio and get the envelope the README shows.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const readme = readFileSync(join(REPO_ROOT, 'packages', 'mcp-server', 'README.md'), 'utf8');
const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'obmcp-mcp-server-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('packages/mcp-server/README.md', () => {
  it('holds one runnable example that imports only @obmcp/contract and @obmcp/mcp-server entry points', () => {
    expect([...example.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual([
      '@obmcp/contract',
      '@obmcp/mcp-server/cli',
      '@obmcp/mcp-server/server',
    ]);
  });

  it('serves its tool and answers a bad call with the envelope the README shows', async () => {
    writeFileSync(join(dir, 'server.mjs'), example);
    // Resolve @obmcp/contract and @obmcp/mcp-server as installed dependencies would (this package depends on both).
    symlinkSync(join(REPO_ROOT, 'tests', 'release', 'node_modules'), join(dir, 'node_modules'), 'dir');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(dir, 'server.mjs')],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'readme-test', version: '0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'weather-mcp', version: '1.0.0' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('get_forecast');
      const result = await client.callTool({ name: 'get_forecast', arguments: { City: 'B' } });
      expect(result.isError).toBe(true);
      const [first] = result.content as { type: string; text: string }[];
      expect(JSON.parse(first?.text ?? '{}')).toMatchObject({
        error_kind: 'mcp_input_validation',
        summary: 'String city below minLength=2.',
        details: [{ path: 'city', code: 'SCHEMA_MIN_LENGTH', validator: 'minLength', limit: 2, actual: 1 }],
        retryable: false,
        _envelope_version: 1,
      });
    } finally {
      await client.close();
    }
  });
});

// Each .mcpb as Claude Desktop starts it: built by `pnpm bundles` (pnpm deploy from the lockfile), unpacked, its env
// computed by mcpb's own getMcpConfigForManifest with only the required fields filled, then initialize + tools/list.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMcpConfigForManifest } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runCommand, runNode } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_DIRS, type McpbManifest } from '../src/install-surface.js';
import { MCPB_BIN, REPO_ROOT } from '../src/paths.js';

const BUNDLES_SCRIPT = join(REPO_ROOT, 'scripts', 'release', 'bundles.mjs');
const out = mkdtempSync(join(tmpdir(), 'obmcp-bundle-start-'));
/** app folder name → unpacked bundle folder. */
const unpacked = new Map<string, string>();

beforeAll(async () => {
  const built = await runNode(BUNDLES_SCRIPT, ['--out', out], { cwd: REPO_ROOT });
  if (built.code !== 0) throw new Error(`bundles.mjs exited ${built.code}:\n${built.stderr}`);
  for (const file of readdirSync(join(out, 'mcpb'))) {
    const app = file.replace(/-\d+\.\d+\.\d+.*\.mcpb$/, '');
    const dir = join(out, 'unpacked', app);
    const run = await runCommand(MCPB_BIN, ['unpack', join(out, 'mcpb', file), dir], {
      cwd: out,
      env: process.env,
    });
    if (run.code !== 0) throw new Error(`mcpb unpack ${file} exited ${run.code}:\n${run.stderr}`);
    unpacked.set(app, dir);
  }
}, 300_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The server's command, args and env exactly as mcpb computes them from the manifest and what the user filled in. */
async function mcpConfig(app: string, userConfig: Record<string, string | boolean>) {
  const dir = unpacked.get(app) ?? '';
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: dir,
    systemDirs: { HOME: tmpdir(), DESKTOP: tmpdir(), DOCUMENTS: tmpdir(), DOWNLOADS: tmpdir() },
    userConfig,
    pathSeparator: '/',
  });
  if (config === undefined) throw new Error(`mcpb gave no mcp_config for ${app}`);
  return config as { command: string; args: string[]; env: Record<string, string> };
}

/** Starts the bundle's server with that env (plus PATH and loopback endpoints, so nothing can leave the machine). */
async function listedTools(app: string, userConfig: Record<string, string | boolean>): Promise<string[]> {
  const config = await mcpConfig(app, userConfig);
  const nowhere = 'http://127.0.0.1:9/';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: config.args,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: tmpdir(),
      SP_API_ENDPOINT: nowhere,
      SP_API_LWA_ENDPOINT: nowhere,
      ADS_API_ENDPOINT: nowhere,
      ADS_API_LWA_ENDPOINT: nowhere,
      OPENBRIDGE_AUTH_BASE_URL: nowhere,
      ...config.env,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'bundle-start-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    return (await client.listTools()).tools.map((t) => t.name);
  } catch (error) {
    throw new Error(`${app} did not start: ${String(error)}\nstderr:\n${stderr}`);
  } finally {
    await client.close();
  }
}

/** Only the fields the manifest requires, each with a dummy value; every optional field left as the user left it. */
function requiredOnly(app: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'apps', app, 'mcpb', 'manifest.json'), 'utf8'));
  return Object.fromEntries(
    Object.entries((manifest as McpbManifest).user_config)
      .filter(([, field]) => field.required === true)
      .map(([key]) => [key, key.includes('token') ? 'bundlekey:bundlesecret' : 'bundle-test-value']),
  );
}

describe('every optional user_config field has a default (mcpb passes an unset one on literally)', () => {
  it.each(APP_DIRS)('%s', (dir) => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, dir, 'mcpb', 'manifest.json'), 'utf8'));
    const missing = Object.entries((manifest as McpbManifest).user_config)
      .filter(([, field]) => field.required !== true && field.default === undefined)
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});

describe.each(APP_DIRS.map((d) => d.split('/')[1] ?? d))(
  '%s bundle, started as Claude Desktop would',
  (app) => {
    it('with only the required fields filled, no user_config placeholder reaches the env', async () => {
      const config = await mcpConfig(app, requiredOnly(app));
      expect(Object.values(config.env).filter((v) => v.includes('${'))).toEqual([]);
    });

    // ads-mcp requires no single field (either LWA or Openbridge credentials): its two modes are started below.
    it.skipIf(app === 'ads-mcp')(
      'with only the required fields filled, the server starts and lists its tools',
      async () => {
        const tools = await listedTools(app, requiredOnly(app));
        expect(tools.length).toBeGreaterThan(10);
      },
    );

    it('ships only packages at the versions pnpm-lock.yaml resolves (what CI tested)', () => {
      const lock = readFileSync(join(REPO_ROOT, 'pnpm-lock.yaml'), 'utf8');
      const root = join(unpacked.get(app) ?? '', 'node_modules', '@obmcp', app, 'node_modules');
      const notLocked: string[] = [];
      const visit = (modules: string) => {
        for (const entry of readdirSync(modules, { withFileTypes: true })) {
          if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
          const dirs = entry.name.startsWith('@')
            ? readdirSync(join(modules, entry.name)).map((n) => join(modules, entry.name, n))
            : [join(modules, entry.name)];
          for (const pkgDir of dirs) {
            const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
            const id = `${pkg.name}@${pkg.version}`;
            const locked = [`\n  ${id}:`, `\n  '${id}':`, `\n  ${id}(`, `\n  '${id}(`].some((k) =>
              lock.includes(k),
            );
            if (!pkg.name.startsWith('@obmcp/') && !locked) notLocked.push(id);
            const nested = join(pkgDir, 'node_modules');
            if (readdirSync(pkgDir).includes('node_modules')) visit(nested);
          }
        }
      };
      visit(root);
      expect(notLocked).toEqual([]);
    });
  },
);

describe('ads-mcp bundle modes with the other fields left blank', () => {
  it('Openbridge token only: Openbridge mode (list_identities), not direct mode with placeholder credentials', async () => {
    const tools = await listedTools('ads-mcp', { openbridge_refresh_token: 'bundlekey:bundlesecret' });
    expect(tools).toContain('list_identities');
  });

  it('LWA credentials only, no profile id: starts in direct mode', async () => {
    const tools = await listedTools('ads-mcp', {
      client_id: 'amzn1.application-oa2-client.bundle',
      client_secret: 'bundle-secret',
      refresh_token: 'Atzr|bundle',
    });
    expect(tools).toContain('list_profiles');
    expect(tools).not.toContain('list_identities');
  });
});

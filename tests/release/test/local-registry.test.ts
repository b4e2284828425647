// The release as a user gets it: publish every package to a local verdaccio, then `npx -y --registry <local>`
// each server from a clean folder (through a front that marks shrinkwrapped versions as npmjs does): --version, --help,
// initialize + tools/list through the installed bin, and the installed tree is the one npm-shrinkwrap.json pins.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type NodeRun, runCommand } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRegistry, startLocalRegistry } from '../src/local-registry.js';
import { type NpmjsFront, startNpmjsFront } from '../src/npmjs-front.js';
import { readManifest } from '../src/packed.js';
import { PUBLISH_SCRIPT, REPO_ROOT } from '../src/paths.js';

const NPX = existsSync(join(dirname(process.execPath), 'npx'))
  ? join(dirname(process.execPath), 'npx')
  : 'npx';
const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;
const VERSION = readManifest(join(REPO_ROOT, 'apps', 'sp-mcp')).version;

/** Dummy credentials, every upstream and token URL pointed at a loopback recorder: tools/list must not call out. */
function appEnv(upstream: string): Record<string, string> {
  return {
    SP_API_CLIENT_ID: 'release-test-client',
    SP_API_CLIENT_SECRET: 'release-test-secret',
    SP_API_REFRESH_TOKEN: 'Atzr|release-test',
    SP_API_ENDPOINT: upstream,
    SP_API_LWA_ENDPOINT: `${upstream}auth/o2/token`,
    ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.releasetest',
    ADS_API_CLIENT_SECRET: 'release-test-secret',
    ADS_API_REFRESH_TOKEN: 'Atzr|release-test',
    ADS_API_ENDPOINT: upstream,
    ADS_API_LWA_ENDPOINT: `${upstream}auth/o2/token`,
    OPENBRIDGE_REFRESH_TOKEN: 'releasetestkey:releasetestsecret',
    OPENBRIDGE_AUTH_BASE_URL: upstream,
    OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: upstream,
    OPENBRIDGE_REMOTE_IDENTITY_BASE_URL: upstream,
    OPENBRIDGE_SERVICE_BASE_URL: upstream,
    OBMCP_LOG_LEVEL: 'warn',
  };
}

/** `command args` in `cwd` with exactly `env`. */
const run = (command: string, args: string[], cwd: string, env: Record<string, string | undefined>) =>
  runCommand(command, args, { cwd, env });

let registry: LocalRegistry;
/** What npx installs from: verdaccio behind a front answering packuments as npmjs does (`_hasShrinkwrap`). */
let front: NpmjsFront;
/** `npx -y --registry <local> @obmcp/<app> --version` per app, run in beforeAll (the first call installs). */
const versionRuns = new Map<string, NodeRun>();
let upstream: Server;
let upstreamUrl = '';
const upstreamRequests: string[] = [];
let clean = '';
let baseEnv: Record<string, string> = {};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamRequests.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  registry = await startLocalRegistry();
  front = await startNpmjsFront(registry.url);
  clean = mkdtempSync(join(tmpdir(), 'obmcp-clean-'));
  // A project of its own: npx resolves a package from the nearest package.json up the tree, and a stray
  // /tmp/package.json named @obmcp/ads-mcp once made it run that instead of installing from the registry.
  writeFileSync(join(clean, 'package.json'), '{"private":true}\n');
  baseEnv = { PATH: process.env.PATH ?? '', HOME: clean, ...registry.npmEnv, npm_config_registry: front.url };
  // Third-party packages come through verdaccio's uplink: say so plainly when it cannot reach the npm registry.
  const uplink = await fetch(`${registry.url}zod`);
  if (!uplink.ok) {
    throw new Error(
      `verdaccio cannot reach the npm registry through its uplink (${uplink.status}); TLS or proxy settings ` +
        `(NODE_EXTRA_CA_CERTS, HTTPS_PROXY) must reach this test:\n${registry.output()}`,
    );
  }
  // The release's own publish step, against the local registry (the repo is built: turbo's test dependsOn build).
  const published = await run(
    process.execPath,
    [PUBLISH_SCRIPT, '--registry', registry.url, '--out', join(clean, 'artifacts')],
    REPO_ROOT,
    {
      ...process.env,
      ...registry.publishEnv,
      OBMCP_PUBLISH_ALLOW_UNTAGGED: '1',
      OBMCP_RELEASE_SKIP_CHECK: '1',
    },
  );
  if (published.code !== 0) {
    throw new Error(
      `publish failed (${published.code}):\n${published.stdout}${published.stderr}\n${registry.output()}`,
    );
  }
  // One after the other: the first install fills verdaccio's storage and the npm cache, the next reuse them.
  for (const app of APPS) {
    const args = ['-y', '--registry', front.url, `@obmcp/${app}`, '--version'];
    versionRuns.set(app, await run(NPX, args, clean, baseEnv));
  }
}, 300_000);

afterAll(async () => {
  await front?.stop();
  await registry?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  if (clean) rmSync(clean, { recursive: true, force: true });
}, 120_000);

describe('published to a local registry', () => {
  it('serves every package of the fixed group at the release version', async () => {
    for (const name of [
      'contract',
      'mcp-server',
      'http-kit',
      'code-mode',
      'openapi-tools',
      'sp-mcp',
      'ads-mcp',
      'openbridge-mcp',
    ]) {
      const res = await fetch(`${registry.url}@obmcp%2f${name}`);
      expect(res.status, name).toBe(200);
      const doc = (await res.json()) as { 'dist-tags': { latest: string } };
      expect(doc['dist-tags'].latest, name).toBe(VERSION);
    }
  });

  describe.each(APPS)('npx -y --registry <local> @obmcp/%s', (app) => {
    const npx = (...args: string[]) =>
      run(NPX, ['-y', '--registry', front.url, `@obmcp/${app}`, ...args], clean, baseEnv);

    it('--version prints the version and exits 0 without credentials', () => {
      const r = versionRuns.get(app);
      expect(r?.code, r?.stderr).toBe(0);
      expect(r?.stdout.trim()).toBe(VERSION);
    });

    it('installs the tree its npm-shrinkwrap.json pins (pnpm-lock.yaml, what CI tested), not a fresh resolution', () => {
      expect(front.marked).toContain(`@obmcp/${app}@${VERSION}`);
      const dirs = readdirSync(join(registry.cache, '_npx')).map((d) => join(registry.cache, '_npx', d));
      const root = dirs.find((d) => existsSync(join(d, 'node_modules', '@obmcp', app, 'package.json')));
      expect(root, `no npx install of @obmcp/${app}`).toBeDefined();
      const appDir = join(root ?? '', 'node_modules', '@obmcp', app);
      const wrap = JSON.parse(readFileSync(join(appDir, 'npm-shrinkwrap.json'), 'utf8')) as {
        packages: Record<string, { version?: string }>;
      };
      const wrong: string[] = [];
      let checked = 0;
      for (const [path, entry] of Object.entries(wrap.packages)) {
        if (path === '' || entry.version === undefined) continue;
        // Nested under the app as the shrinkwrap lays it out, or hoisted to the install's root (top-level entries).
        const candidates = [
          join(appDir, path),
          ...(path.lastIndexOf('node_modules/') === 0 ? [join(root ?? '', path)] : []),
        ];
        const found = candidates.find((d) => existsSync(join(d, 'package.json')));
        const version =
          found &&
          (JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as { version: string }).version;
        checked++;
        if (version !== entry.version)
          wrong.push(`${path}: installed ${version ?? 'nothing'}, pinned ${entry.version}`);
      }
      expect(checked).toBeGreaterThan(20);
      expect(wrong).toEqual([]);
    });

    it('--help prints the usage and the variables and exits 0 without credentials', async () => {
      const r = await npx('--help');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Usage:/m);
      expect(r.stdout).toContain(
        app === 'openbridge-mcp'
          ? 'OPENBRIDGE_REFRESH_TOKEN'
          : app === 'sp-mcp'
            ? 'SP_API_CLIENT_ID'
            : 'ADS_API_CLIENT_ID',
      );
    }, 60_000);

    it('answers initialize and tools/list through the installed bin, without calling upstream', async () => {
      const transport = new StdioClientTransport({
        command: NPX,
        args: ['-y', '--registry', front.url, `@obmcp/${app}`],
        cwd: clean,
        env: { ...baseEnv, ...appEnv(upstreamUrl) },
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString('utf8');
      });
      const client = new Client({ name: 'release-test', version: '0' });
      try {
        await client.connect(transport, { timeout: 60_000 });
        expect(client.getServerVersion()).toEqual({ name: app, version: VERSION });
        const { tools } = await client.listTools();
        expect(tools.length, stderr).toBeGreaterThan(10);
        expect(tools.map((t) => t.name)).toContain('execute');
      } finally {
        await client.close();
      }
      expect(upstreamRequests).toEqual([]);
      // The bin that answered is the one npx installed from the registry, not a link into this repo.
      const installs = readdirSync(join(registry.cache, '_npx')).map((d) => join(registry.cache, '_npx', d));
      const installed = installs
        .map((d) => join(d, 'node_modules', '@obmcp', app))
        .filter((d) => existsSync(d));
      expect(installed).toHaveLength(1);
      expect(realpathSync(installed[0] ?? '').startsWith(REPO_ROOT)).toBe(false);
    }, 120_000);
  });
});

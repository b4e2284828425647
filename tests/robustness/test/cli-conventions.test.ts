// Each bin's command line over a real process: --help and --version without credentials, a bad flag, the Node floor, HTTP exposure.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  APPS,
  type AppName,
  appEntry,
  MOCKS_PRELOAD,
  REPO_ROOT,
  startHttp,
  startupExit,
} from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';

const PACKAGE_VERSION = (app: AppName): string =>
  (
    JSON.parse(readFileSync(new URL(`../../../apps/${app}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
/** Makes this Node report 20.18.0 and fail any load of the server, so the bin's real floor check must run first. */
const OLD_NODE = fileURLToPath(new URL('./fixtures/old-node.mjs', import.meta.url));

describe.concurrent.each(APPS)('%s command line', (app) => {
  it('--help: exit 0, usage, every variable, the npx host config and the HTTP flags on stdout, without credentials', async () => {
    const run = await startupExit(app, {}, false, { args: ['--help'] });
    expect(run.status).toBe(0);
    expect(run.stderrLines).toEqual([]);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      `Usage: ${app} [--http [--port N] [--host H] [--allow-unauthenticated]] | --help | --version`,
    );
    for (const name of [
      'OBMCP_LOG_LEVEL',
      'CODE_MODE',
      'OBMCP_HTTP_BEARER_TOKEN',
      'OBMCP_REDIS_URL',
      'MCP_STRICT_UNKNOWN_FIELDS',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
    ])
      expect(lines.some((line) => line.startsWith(`  ${name}`))).toBe(true);
    for (const flag of ['--http', '--port N', '--host H', '--allow-unauthenticated'])
      expect(lines.some((line) => line.startsWith(`  ${flag} `))).toBe(true);
    const json = run.stdout.slice(run.stdout.indexOf('{\n  "mcpServers"'));
    const config = JSON.parse(json) as { mcpServers: Record<string, { command: string; args: string[] }> };
    expect(config.mcpServers[app]).toMatchObject({ command: 'npx', args: ['-y', `@obmcp/${app}`] });
  });

  it('--version: the package version alone on stdout, exit 0', async () => {
    const run = await startupExit(app, {}, false, { args: ['--version'] });
    expect(run).toEqual({ status: 0, stdout: `${PACKAGE_VERSION(app)}\n`, stderrLines: [] });
  });

  it('an unknown flag: one stderr line naming it and what is accepted, exit 2, nothing on stdout', async () => {
    const run = await startupExit(app, {}, false, { args: ['--bogus'] });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderrLines).toEqual([
      `${app}: unknown option "--bogus"; accepted: --http, --hosted, --port N, --host H, --allow-unauthenticated, -h, --help, -v, --version`,
    ]);
  });

  it('--http serves the factory with its tool schemas: the Mcp-Param-* check is not skipped', async () => {
    const server = await startHttp(['--import', MOCKS_PRELOAD, appEntry(app)], REPO_ROOT);
    try {
      expect(server.stderr()).toContain('"msg":"server ready"');
      expect(server.stderr()).not.toContain('Mcp-Param-* headers not checked');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('below the Node floor: one line naming the version needed, exit 2, before anything else loads', async () => {
    const run = await startupExit(app, {}, false, { args: ['--version'], imports: [OLD_NODE] });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderrLines).toEqual([
      `${app}: Node.js 20.18.1 or newer (tested on 20, 22 and 24) is required (this is v20.18.0); install a current Node LTS from https://nodejs.org`,
    ]);
  });
});

describe('HTTP exposure is explicit', () => {
  it('a non-loopback --host without a bearer token refuses to start: one line, exit 2', async () => {
    const run = await startupExit('ads-mcp', {}, true, {
      args: ['--http', '--port', '0', '--host', '0.0.0.0'],
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(
      /^ads-mcp: refusing to serve HTTP on 0\.0\.0\.0 without a bearer token: .* Set OBMCP_HTTP_BEARER_TOKEN .* --allow-unauthenticated/,
    );
  });

  it('--allow-unauthenticated starts it, with a warn line', async () => {
    const server = await startHttp(
      ['--import', MOCKS_PRELOAD, appEntry('openbridge-mcp'), '--host', '0.0.0.0', '--allow-unauthenticated'],
      REPO_ROOT,
    );
    try {
      const health = await fetch(server.url.replace('/mcp', '/healthz'));
      expect(health.status).toBe(200);
      expect(server.stderr()).toContain('"msg":"http served without authentication"');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

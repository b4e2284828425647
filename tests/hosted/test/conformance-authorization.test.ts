// The official conformance suite's authorization-server scenarios (`conformance authorization`, 0.2.0-alpha.12) against sp-mcp --hosted; Chromium does the login it asks for.
import { app as spMcp } from '@obmcp/sp-mcp';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, missingNodeMessage, nodeBinary } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '@obmcp/test-kit/browser-login';
import { type HostedApp, startHostedApp } from '../src/hosted-app.js';
import { spLoginEnv, startUpstreams, type Upstreams } from '../src/mocks.js';

const require = createRequire(import.meta.url);
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Every checks.json the run wrote under `dir` (one per scenario). */
function checksUnder(dir: string): Check[] {
  const found: Check[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...checksUnder(path));
    else if (name === 'checks.json') found.push(...(JSON.parse(readFileSync(path, 'utf8')) as Check[]));
  }
  return found;
}

let up: Upstreams;
let app: HostedApp;
let host: Host;
let out: string;

beforeAll(async () => {
  up = await startUpstreams();
  app = await startHostedApp(spMcp, {
    CODE_MODE: 'off',
    ...spLoginEnv(up),
  });
  up.fake.allowRedirectUri(`${app.origin}/oauth/callback`);
  host = await startHost();
  out = mkdtempSync(join(tmpdir(), 'obmcp-conformance-authorization-'));
});
afterAll(async () => {
  await host?.close();
  await app?.close();
  await up?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('official conformance: authorization server scenarios', () => {
  it('authorization-server-metadata-endpoint and authorization-code-grant pass against sp-mcp --hosted', async () => {
    const node = nodeBinary(22) ?? nodeBinary(24);
    if (node === undefined) throw new Error(`${missingNodeMessage(22)} (the suite needs Node ≥ 22)`);
    // The suite's callback listens on http://127.0.0.1:<port>/callback: a public client registered for it.
    const port = await freePort();
    const registered = await fetch(`${app.origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'MCP conformance suite',
        redirect_uris: [`http://127.0.0.1:${port}/callback`],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };

    const child: ChildProcess = spawn(
      node.path,
      [
        CLI,
        'authorization',
        '--url',
        app.origin,
        '--client-id',
        client_id,
        '--resource',
        app.resource,
        '--port',
        String(port),
        '--spec-version',
        '2026-07-28',
        '--output-dir',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The suite prints the authorization URL for a person to open; the browser is that person.
    const authorizationUrl = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((l) => l.startsWith(`${app.origin}/oauth/authorize?`));
        if (line !== undefined) resolve(line.trim());
      });
      void exited.then((code) =>
        reject(new Error(`the suite exited (${code}) first:\n${stdout}\n${stderr}`)),
      );
    });
    const context = await host.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(authorizationUrl);
      await page.getByText('MCP conformance suite').first().waitFor();
      await page.click('#approve');
      await page.waitForURL(/\/apps\/authorize\/consent/);
      await page.selectOption('#account', 'amzn1.account.MOCKALICE');
      const back = page.waitForURL((u) => u.href.startsWith(`http://127.0.0.1:${port}/callback`));
      await page.click('#confirm');
      await back;
    } finally {
      await context.close();
    }
    const code = await exited;
    const checks = checksUnder(out);
    expect(checks.map((c) => c.id).sort()).toEqual([
      'authorization-code-grant',
      'authorization-server-metadata',
      'authorization-server-metadata-cimd',
    ]);
    for (const check of checks)
      expect(check.status, `${check.id}: ${check.errorMessage ?? ''}`).toBe('SUCCESS');
    expect(code, `${stdout}\n${stderr}`).toBe(0);
  });
});

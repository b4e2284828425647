// A throwaway verdaccio 6.8.0 on a free loopback port: storage, config and npm cache in a temp folder; @obmcp/* is
// local only (never proxied), everything else comes through an uplink to the npm registry.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@obmcp/test-kit';
import { VERDACCIO_BIN } from './paths.js';

export interface LocalRegistry {
  url: string;
  /** Env for npm/npx as a user runs them: this registry, anonymous, a fresh cache, no notifier/audit/fund. */
  npmEnv: Record<string, string>;
  /** npmEnv plus the publishing user's token (only for publishing: verdaccio checks it on every request). */
  publishEnv: Record<string, string>;
  /** The npm cache npx installs into (`<cache>/_npx/…`). */
  cache: string;
  /** Everything verdaccio printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

function config(dir: string, port: number): string {
  return `storage: ${join(dir, 'storage')}
auth:
  htpasswd:
    file: ${join(dir, 'htpasswd')}
    max_users: 10
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
    maxage: 60m
    timeout: 60s
packages:
  '@obmcp/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: npmjs
security:
  api:
    jwt:
      sign:
        expiresIn: 1h
listen: 127.0.0.1:${port}
log: { type: stdout, format: json, level: warn }
`;
}

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: verdaccio's cold start on a loaded 2-core CI machine has taken over 30 s; a healthy one answers in ~2 s.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`verdaccio did not answer ${url}-/ping within 120 s:\n${output()}`);
}

/** A user for publishing (verdaccio's htpasswd plug-in creates it on first login); returns its token. */
async function createUser(url: string): Promise<string> {
  const res = await fetch(`${url}-/user/org.couchdb.user:release-test`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-test', password: 'release-test-password' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token)
    throw new Error(`verdaccio refused the test user: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  const dir = mkdtempSync(join(tmpdir(), 'obmcp-registry-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  writeFileSync(join(dir, 'config.yaml'), config(dir, port));
  const child = spawn(VERDACCIO_BIN, ['--config', join(dir, 'config.yaml')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const output = () => out;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPing(url, child, output);
    const token = await createUser(url);
    // Two user configs: installs go anonymous (access is $all), so verdaccio does not check a token on each of
    // the ~200 requests of an install; only publishing carries the token.
    const anonymous = join(dir, 'npmrc');
    writeFileSync(anonymous, `registry=${url}\n`);
    const publisher = join(dir, 'npmrc-publish');
    writeFileSync(publisher, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const cache = join(dir, 'npm-cache');
    const npmEnv = {
      npm_config_userconfig: anonymous,
      npm_config_registry: url,
      npm_config_cache: cache,
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_loglevel: 'error',
      // What the cache already holds is not asked for again (the second and third installs share most packages).
      npm_config_prefer_offline: 'true',
    };
    return { url, cache, output, stop, npmEnv, publishEnv: { ...npmEnv, npm_config_userconfig: publisher } };
  } catch (error) {
    await stop();
    throw error;
  }
}

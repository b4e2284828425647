// runServerCli in process: what a bin's start hands the app (config, logger, stores from env) and serve (http, gate, switches).
import { createHash } from 'node:crypto';
import type { Logger } from '@obmcp/contract';
import { ConfigError, type Env, type EnvReader, envReaderOf } from '@obmcp/mcp-server/config';
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import { type ContractServer, serve } from '@obmcp/mcp-server/server';
import { HAS_REDIS, type RedisProcess, startRedis } from '@obmcp/test-kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateServerOptions, ObmcpApp } from '../src/app.js';
import { runServerCli } from '../src/server-cli.js';

// serve() would bind a port or stdin for good: the test reads what it is handed instead.
vi.mock('@obmcp/mcp-server/server', async (importOriginal) => {
  const real = await importOriginal<typeof import('@obmcp/mcp-server/server')>();
  return { ...real, serve: vi.fn(async () => undefined) };
});

interface FakeConfig {
  warnings: readonly string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  key: string;
  region: string;
  hosted: string | undefined;
}

const SECRET = 'fake-key-canary-5be1c0';

/** An app with the fields every app has; what its loader and factory were handed is recorded. */
function fakeApp(gate?: HostedGate) {
  const seen = {
    loaded: [] as (Env | EnvReader)[],
    created: [] as { config: FakeConfig; options: CreateServerOptions }[],
    gateCalls: [] as { config: FakeConfig; env: Record<string, string | undefined>; logger: Logger }[],
  };
  const server = {
    newServer: () => ({}),
    tasks: { drain: async () => undefined },
  } as unknown as ContractServer;
  const app: ObmcpApp<FakeConfig> = {
    name: 'fake-mcp',
    packageName: '@obmcp/fake-mcp',
    version: '9.8.7',
    summary: 'A fake app for the start-up test.',
    hostConfigEnv: { FAKE_KEY: '<your key>' },
    envDocs: [
      {
        FAKE_KEY: 'the fake upstream key',
        FAKE_REGION: 'the fake region',
        FAKE_LOG_LEVEL: 'the log level',
        FAKE_OLD: 'an old name',
        OBMCP_HOSTED: 'set by --hosted',
      },
    ],
    loadConfig(env) {
      seen.loaded.push(env);
      const read = envReaderOf(env);
      const hosted = read.text('OBMCP_HOSTED');
      const key = read.text('FAKE_KEY');
      const config = {
        warnings: read.text('FAKE_OLD') !== undefined ? ['FAKE_OLD is deprecated: use FAKE_KEY'] : [],
        logLevel: read.textOr('FAKE_LOG_LEVEL', 'info') as FakeConfig['logLevel'],
        key: key ?? '',
        region: read.textOr('FAKE_REGION', 'na'),
        hosted,
      };
      // Loaders read every variable before they judge (the help's table comes from the reads).
      if (key === undefined && hosted === undefined) throw new ConfigError('FAKE_KEY is missing.');
      return config;
    },
    secrets: (config) => [config.key],
    createServer(config, options) {
      seen.created.push({ config, options });
      return server;
    },
    ...(gate !== undefined
      ? {
          hostedGate: async (config: FakeConfig, env: Record<string, string | undefined>, logger: Logger) => {
            seen.gateCalls.push({ config, env, logger });
            return gate;
          },
        }
      : {}),
  };
  return { app, seen, server };
}

const served = vi.mocked(serve);
let stdout: string[];
let stderr: string[];
let savedArgv: string[];
let savedEnv: NodeJS.ProcessEnv;
const closers: (() => Promise<void>)[] = [];

beforeEach(() => {
  stdout = [];
  stderr = [];
  savedArgv = process.argv;
  savedEnv = { ...process.env };
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('OBMCP_') || name.startsWith('FAKE_')) delete process.env[name];
  }
  served.mockClear();
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr.push(String(chunk));
    return true;
  });
  vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
});

afterEach(async () => {
  vi.restoreAllMocks();
  process.argv = savedArgv;
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
  for (const close of closers.splice(0)) await close();
});

/** Runs the bin with these flags and variables (on top of this process's env). */
async function start(app: ObmcpApp<FakeConfig>, argv: string[], env: Record<string, string> = {}) {
  process.argv = [process.execPath, '/usr/bin/fake-mcp', ...argv];
  Object.assign(process.env, env);
  await runServerCli(app);
}

/** The one serve() call: its options. */
function serveOptions() {
  expect(served).toHaveBeenCalledTimes(1);
  const [, options] = served.mock.calls[0] ?? [];
  return options as NonNullable<Parameters<typeof serve>[1]>;
}

describe('runServerCli: --help and --version', () => {
  // The fake's loader throws for its missing key in both of the help's passes (as ads-mcp's does): the limiter's
  // defaults are still shown.
  it('--help lists the app variables, the limiter and proxy variables, each with its default', async () => {
    const { app, seen } = fakeApp();
    await start(app, ['--help']);
    const help = stdout.join('');
    expect(help).toContain('FAKE_KEY');
    expect(help).toMatch(/FAKE_REGION {2}\(default na\)\n\s+the fake region/);
    expect(help).toMatch(/OBMCP_REDIS_URL\n\s+redis:\/\/ URL/);
    expect(help).toMatch(/OBMCP_REDIS_KEY_PREFIX {2}\(default obmcp:rl:\)/);
    expect(help).toContain('OBMCP_REDIS_TIMEOUT_MS  (default 500; accepts 1-60000)');
    expect(help).toContain('OBMCP_LIMITER_ARRIVAL_MARGIN_MS  (default 100; accepts 0-60000)');
    expect(help).toMatch(/HTTPS_PROXY\n\s+forward proxy URL/);
    expect(help).toMatch(/NO_PROXY\n/);
    expect(help).toContain('@obmcp/fake-mcp');
    expect(help).toContain('A fake app for the start-up test.');
    expect(seen.created).toEqual([]);
    expect(served).not.toHaveBeenCalled();
  });

  it('--version prints the version and starts nothing', async () => {
    const { app, seen } = fakeApp();
    await start(app, ['--version']);
    expect(stdout.join('')).toBe('9.8.7\n');
    expect(seen.created).toEqual([]);
    expect(served).not.toHaveBeenCalled();
  });
});

describe('runServerCli: a stdio start', () => {
  it('hands createServer the config, the env, a logger as the app, memory stores; serve gets no http', async () => {
    const { app, seen, server } = fakeApp();
    await start(app, [], { FAKE_KEY: SECRET, FAKE_LOG_LEVEL: 'warn', FAKE_OLD: 'x' });
    expect(seen.created).toHaveLength(1);
    const { config, options } = seen.created[0] as (typeof seen.created)[number];
    expect(config).toMatchObject({ key: SECRET, region: 'na', hosted: undefined });
    expect(options.env).toBe(process.env);
    expect(options.limiterStore).toMatchObject({ kind: 'memory' });
    expect(options.taskRecords).toMatchObject({ kind: 'memory' });
    // The config's warnings: one stderr line each, before anything is served.
    expect(stderr).toEqual(['fake-mcp: warning: FAKE_OLD is deprecated: use FAKE_KEY\n']);

    // The logger: the app's name, the config's level, the app's secrets redacted.
    const logger = options.logger;
    logger.info('not at warn level', { key: SECRET });
    logger.warn('seen', { key: SECRET });
    const lines = stderr.slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', logger: 'fake-mcp', msg: 'seen' });
    expect(JSON.stringify(lines)).not.toContain(SECRET);

    const [source, passed] = served.mock.calls[0] ?? [];
    expect(source).toBe(server.newServer);
    expect(passed).toMatchObject({ http: null, tasks: server.tasks });
    expect(passed?.logger).toBe(logger);
  });

  it('a config that fails is one stderr line and exit 2, and nothing is created', async () => {
    const { app, seen } = fakeApp();
    await expect(start(app, [])).rejects.toThrow('exit 2');
    expect(stderr).toEqual(['fake-mcp: FAKE_KEY is missing. See the fake-mcp README (Configuration).\n']);
    expect(seen.created).toEqual([]);
    expect(served).not.toHaveBeenCalled();
  });

  it('a limiter variable out of range is refused at start, naming it', async () => {
    const { app, seen } = fakeApp();
    await expect(start(app, [], { FAKE_KEY: SECRET, OBMCP_REDIS_TIMEOUT_MS: '0' })).rejects.toThrow('exit 2');
    expect(stderr.join('')).toMatch(/^fake-mcp: OBMCP_REDIS_TIMEOUT_MS/);
    expect(seen.created).toEqual([]);
  });
});

describe('runServerCli: plain HTTP', () => {
  it('serve gets the HTTP options; without Redis no shared switches', async () => {
    const { app } = fakeApp();
    await start(app, ['--http', '--port', '0'], { FAKE_KEY: SECRET });
    const options = serveOptions();
    expect(options.http).toMatchObject({ port: 0, host: '127.0.0.1' });
    expect(options.http?.sessionChoices).toBeUndefined();
    expect(options.http?.hostedMode).toBeUndefined();
  });
});

describe('runServerCli: --hosted', () => {
  const gate = { marker: 'the-gate' } as unknown as HostedGate;

  it('reads the config as hosted and attaches the app gate to the HTTP options', async () => {
    const { app, seen } = fakeApp(gate);
    await start(app, ['--hosted', '--port', '0']);
    expect(seen.created[0]?.config.hosted).toBe('1');
    expect(seen.created[0]?.options.env).toMatchObject({ OBMCP_HOSTED: '1' });
    expect(process.env.OBMCP_HOSTED).toBeUndefined();
    expect(seen.gateCalls).toHaveLength(1);
    const call = seen.gateCalls[0] as (typeof seen.gateCalls)[number];
    expect(call.config).toBe(seen.created[0]?.config);
    expect(call.env).toMatchObject({ OBMCP_HOSTED: '1' });
    expect(call.logger).toBe(seen.created[0]?.options.logger);
    const options = serveOptions();
    expect(options.http?.gate).toBe(gate);
    expect(options.http?.hostedMode).toBe(true);
  });

  it('an app without a hosted mode refuses --hosted: one line, exit 2, nothing served', async () => {
    const { app } = fakeApp();
    await expect(start(app, ['--hosted', '--port', '0'])).rejects.toThrow('exit 2');
    expect(stderr).toEqual([
      'fake-mcp: fake-mcp has no hosted mode. See the fake-mcp README (Configuration).\n',
    ]);
    expect(served).not.toHaveBeenCalled();
  });
});

describe.skipIf(!HAS_REDIS)('runServerCli with OBMCP_REDIS_URL', { timeout: 30_000 }, () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await redis?.kill();
  });

  /** Closes what the start opened (the test's serve never does). */
  function closeStores(options: CreateServerOptions, http: { sessionChoices?: unknown } | null | undefined) {
    closers.push(async () => {
      await (options.limiterStore as { close(): Promise<void> } | undefined)?.close();
      await options.taskRecords?.close();
      const shared = http?.sessionChoices as { store: { close(): Promise<void> } } | undefined;
      await shared?.store.close();
    });
  }

  it('plain HTTP: Redis stores, and the switches shared under this app and the bearer token digest', async () => {
    const { app, seen } = fakeApp();
    const token = 'a-deployment-bearer-token-1234';
    await start(app, ['--http', '--port', '0'], {
      FAKE_KEY: SECRET,
      OBMCP_REDIS_URL: redis.url,
      OBMCP_HTTP_BEARER_TOKEN: token,
    });
    const options = serveOptions();
    const created = seen.created[0] as (typeof seen.created)[number];
    closeStores(created.options, options.http);
    expect(created.options.limiterStore).toMatchObject({ kind: 'redis' });
    expect(created.options.taskRecords).toMatchObject({ kind: 'redis' });
    const digest = createHash('sha256').update(token).digest('base64url').slice(0, 22);
    expect(options.http?.sessionChoices?.key).toBe(`obmcp:session:fake-mcp:${digest}`);
  });

  it('stdio: Redis stores, and no HTTP options to attach switches to', async () => {
    const { app, seen } = fakeApp();
    await start(app, [], { FAKE_KEY: SECRET, OBMCP_REDIS_URL: redis.url });
    const options = serveOptions();
    const created = seen.created[0] as (typeof seen.created)[number];
    closeStores(created.options, null);
    expect(created.options.limiterStore).toMatchObject({ kind: 'redis' });
    expect(options.http).toBeNull();
  });

  it('plain HTTP without Redis: the options get no switches entry at all', async () => {
    const { app } = fakeApp();
    await start(app, ['--http', '--port', '0'], { FAKE_KEY: SECRET });
    expect(Object.keys(serveOptions().http ?? {})).not.toContain('sessionChoices');
  });

  it('--hosted: each user has their own switches, never the deployment-wide ones', async () => {
    const { app, seen } = fakeApp({} as HostedGate);
    await start(app, ['--hosted', '--port', '0'], { OBMCP_REDIS_URL: redis.url });
    const options = serveOptions();
    closeStores((seen.created[0] as (typeof seen.created)[number]).options, options.http);
    expect(options.http?.sessionChoices).toBeUndefined();
  });
});

// serve() over HTTP in this process: the ready line, the unauthenticated warning, a served request, the signals' drain and exit.
import { createServer } from 'node:net';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractServer } from '../src/server/create-server.js';
import { httpOptionsFrom, serve } from '../src/server/serve.js';
import { HTTP_DEFAULTS } from '../src/http/http-options.js';
import { capturingLogger } from './helpers.js';
import { INITIALIZE, rawPost } from './http-harness.js';
import { captureProcessHooks, type ProcessHooks } from './process-hooks.js';

/** Whether this machine can bind ::1 (some containers have no IPv6 loopback). */
const ipv6 = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});

let hooks: ProcessHooks | undefined;
afterEach(() => {
  hooks?.restore();
  hooks = undefined;
});

const TOKEN = 'a-bearer-token-of-32-characters!';

/** serve() with these flags and env; resolves once it is ready, with its log and the drains asked of the tasks. */
async function served(args: string[], env: Record<string, string> = {}, drainFails = false) {
  hooks = captureProcessHooks();
  const captured = capturingLogger();
  const drains: unknown[][] = [];
  const tasks = {
    drain: async (...a: unknown[]) => {
      drains.push(a);
      if (drainFails) throw new Error('drain broke');
    },
  };
  const { newServer } = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    env: {},
    logger: captured.logger,
  });
  await serve(newServer, { logger: captured.logger, argv: ['--http', '--port', '0', ...args], env, tasks });
  const ready = captured.records().find((r) => r.msg === 'server ready') as { port: number } | undefined;
  if (!ready) throw new Error('no ready line');
  const stop = async (signal: 'SIGTERM' | 'SIGINT') => {
    const [listener] = (hooks as ProcessHooks).added(signal);
    listener?.();
    await expect.poll(() => (hooks as ProcessHooks).exits(), { timeout: 10_000 }).toEqual([0]);
  };
  return { records: captured.records, port: ready.port, drains, stop };
}

describe('serve over HTTP', () => {
  it('a non-loopback bind without a token: the warning, then the ready line with its URL; SIGTERM drains and exits 0', async () => {
    const { records, port, drains, stop } = await served(['--host', '0.0.0.0', '--allow-unauthenticated']);
    const response = await rawPost(`http://127.0.0.1:${port}/mcp`, INITIALIZE);
    expect(response.status).toBe(200);
    await response.text();
    const startup = records().map(({ ts: _ts, logger: _logger, ...rest }) => rest);
    expect(startup).toEqual([
      {
        level: 'warn',
        msg: 'http served without authentication',
        host: '0.0.0.0',
        reason: '--allow-unauthenticated: anyone who can reach this address can call every tool',
      },
      {
        level: 'info',
        msg: 'server ready',
        transport: 'http',
        port,
        host: '0.0.0.0',
        url: `http://0.0.0.0:${port}/mcp`,
        auth: 'none',
      },
    ]);
    expect(port).toBeGreaterThan(0);
    await stop('SIGTERM');
    expect(drains).toEqual([['SIGTERM', undefined]]);
    expect(records().find((r) => r.msg === 'http draining')).toMatchObject({ why: 'SIGTERM' });
  });

  it('a token: no warning, auth bearer; SIGINT drains too', async () => {
    const { records, port, drains, stop } = await served(['--host', '0.0.0.0'], {
      OBMCP_HTTP_BEARER_TOKEN: TOKEN,
    });
    expect(records().some((r) => r.level === 'warn')).toBe(false);
    expect(records().find((r) => r.msg === 'server ready')).toMatchObject({
      url: `http://0.0.0.0:${port}/mcp`,
      auth: 'bearer',
    });
    const refused = await rawPost(`http://127.0.0.1:${port}/mcp`, INITIALIZE);
    expect(refused.status).toBe(401);
    await refused.text();
    await stop('SIGINT');
    expect(drains).toEqual([['SIGINT', undefined]]);
  });

  it('loopback without a token: no warning, auth none', async () => {
    const { records, stop } = await served([]);
    expect(records().some((r) => r.level === 'warn')).toBe(false);
    expect(records().find((r) => r.msg === 'server ready')).toMatchObject({
      host: '127.0.0.1',
      auth: 'none',
    });
    await stop('SIGTERM');
  });

  it.skipIf(!ipv6)('an IPv6 host is bracketed in the URL', async () => {
    const { records, port, stop } = await served(['--host', '::1']);
    expect(records().find((r) => r.msg === 'server ready')).toMatchObject({
      host: '::1',
      url: `http://[::1]:${port}/mcp`,
    });
    await stop('SIGTERM');
  });

  it('a failing task drain is logged and the process still exits 0', async () => {
    const { records, stop } = await served([], {}, true);
    await stop('SIGTERM');
    expect(records().find((r) => r.msg === 'task drain failed')).toMatchObject({
      level: 'error',
      error: { message: 'drain broke' },
    });
  });

  it('refuses a single Server for HTTP (one per request is needed), before hooking the process', async () => {
    hooks = captureProcessHooks();
    const { server } = createContractServer({ profile: exampleProfile, tools: exampleTools, env: {} });
    const http = { ...HTTP_DEFAULTS, port: 0 };
    await expect(serve(server, { logger: capturingLogger().logger, http })).rejects.toThrow(
      'serve: the HTTP transport needs a server factory (one Server per request): pass createContractServer(...).newServer to serve instead of a Server',
    );
    expect(hooks.added('uncaughtException')).toEqual([]);
  });
});

describe('httpOptionsFrom', () => {
  it('stdio unless --http or OBMCP_HTTP_PORT asks for HTTP; flags win over env', () => {
    expect(httpOptionsFrom([], {})).toBeUndefined();
    expect(httpOptionsFrom(['--port', '9'], {})).toBeUndefined();
    expect(httpOptionsFrom(['--http'], {})).toMatchObject({ port: 3000, host: '127.0.0.1' });
    expect(httpOptionsFrom([], { OBMCP_HTTP_PORT: '4100' })).toMatchObject({ port: 4100 });
    expect(httpOptionsFrom(['--http', '--port', '4200'], { OBMCP_HTTP_PORT: '4100' })).toMatchObject({
      port: 4200,
    });
  });
});

// serve() on stdio in this process: stdout carries only JSON-RPC, rejected lines are logged without their text, and how it shuts down.
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractServer } from '../src/server/create-server.js';
import { serve } from '../src/server/serve.js';
import { capturingLogger } from './helpers.js';
import { captureProcessHooks, type ProcessHooks, type SwappedStdio, swapStdio } from './process-hooks.js';

let hooks: ProcessHooks | undefined;
let stdio: SwappedStdio | undefined;
afterEach(() => {
  hooks?.restore();
  stdio?.restore();
  hooks = undefined;
  stdio = undefined;
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const line = (message: unknown) => `${JSON.stringify(message)}\n`;

async function served(options: { drainFails?: boolean; single?: boolean; broken?: boolean } = {}) {
  stdio = swapStdio();
  hooks = captureProcessHooks();
  const captured = capturingLogger();
  const drains: unknown[][] = [];
  const tasks = {
    drain: async (...a: unknown[]) => {
      drains.push(a);
      if (options.drainFails) throw new Error('drain broke');
    },
  };
  const contract = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    env: {},
    logger: captured.logger,
  });
  const broken = (() => {
    throw new Error('factory broke');
  }) as unknown as typeof contract.newServer;
  const source = options.broken ? broken : options.single ? contract.server : contract.newServer;
  await serve(source, { logger: captured.logger, http: null, tasks });
  const io = stdio;
  const h = hooks;
  return {
    io,
    hooks: h,
    drains,
    records: captured.records,
    exited: () => expect.poll(() => h.exits(), { timeout: 10_000 }).toEqual([0]),
  };
}

describe('serve on stdio', () => {
  it('logs ready, answers on stdout, and a console call once serving goes to the log, not stdout', async () => {
    const { io, records } = await served();
    expect(records().map((r) => [r.level, r.msg, r.transport])).toEqual([['info', 'server ready', 'stdio']]);
    io.stdin.write(line(INITIALIZE));
    await expect.poll(() => io.lines().length, { timeout: 10_000 }).toBe(1);
    expect(io.lines()[0]).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'contract-example' } },
    });
    console.log('a dependency prints');
    expect(io.text()).not.toContain('a dependency prints');
    expect(records().find((r) => r.msg === 'console output')).toMatchObject({ text: 'a dependency prints' });
  });

  it('a bad line is answered on stdout and logged as a warning with its code and reason, never its text', async () => {
    const { io, records } = await served();
    io.stdin.write('{"password":"hunter3",\n');
    io.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/x', params: [1] }));
    await expect.poll(() => io.lines().length, { timeout: 10_000 }).toBe(1);
    expect(io.lines()).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
    ]);
    const rejected = records().filter((r) => r.msg === 'rejected stdin line');
    expect(rejected.map(({ ts: _ts, logger: _l, ...rest }) => rest)).toEqual([
      {
        level: 'warn',
        msg: 'rejected stdin line',
        code: -32700,
        reason: 'Parse error: the line is not JSON',
      },
      { level: 'warn', msg: 'rejected stdin line', reason: 'notification with non-object params' },
    ]);
    expect(JSON.stringify(records())).not.toContain('hunter3');
  });

  it('a protocol error (a response to nothing the server asked) is logged as a warning, and serving goes on', async () => {
    const { io, records } = await served();
    io.stdin.write(line(INITIALIZE));
    io.stdin.write(line({ jsonrpc: '2.0', id: 99, result: {} }));
    io.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    await expect.poll(() => io.lines().length, { timeout: 10_000 }).toBe(2);
    expect(io.lines()[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    await expect
      .poll(() => records().filter((r) => r.msg === 'protocol error').length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(records().find((r) => r.msg === 'protocol error')).toMatchObject({ level: 'warn' });
  });

  it('a server that cannot be built answers -32603 and logs the reason as a protocol error', async () => {
    const { io, records } = await served({ broken: true });
    io.stdin.write(line(INITIALIZE));
    await expect.poll(() => io.lines().length, { timeout: 10_000 }).toBe(1);
    expect(io.lines()[0]).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal server error' },
    });
    expect(records().find((r) => r.msg === 'protocol error')).toMatchObject({
      level: 'warn',
      error: { message: 'factory broke' },
    });
  });

  it('stdin ending: logs why, drains the tasks at once (bound 0), closes and exits 0, once', async () => {
    const { io, records, drains, hooks: h, exited } = await served();
    io.stdin.end();
    await exited();
    for (const listener of h.addedOn('stdin', 'close')) listener();
    await new Promise((r) => setTimeout(r, 20));
    expect(h.exits()).toEqual([0]);
    expect(drains).toEqual([['stdin closed', 0]]);
    expect(records().filter((r) => r.msg === 'shutting down')).toEqual([
      expect.objectContaining({ level: 'info', why: 'stdin closed' }),
    ]);
    expect(io.stdin.isPaused()).toBe(true);
  });

  it('a stdin destroyed without an end shuts down as closed', async () => {
    const { io, drains, records, exited } = await served();
    io.stdin.destroy();
    await exited();
    expect(drains).toEqual([['stdin closed', 0]]);
    expect(records().find((r) => r.msg === 'shutting down')).toMatchObject({ why: 'stdin closed' });
  });

  it('SIGTERM lets running tasks finish (no bound), SIGINT the same; a stdin error shuts down too', async () => {
    const first = await served();
    for (const listener of first.hooks.added('SIGTERM')) listener();
    await first.exited();
    expect(first.drains).toEqual([['SIGTERM', undefined]]);
    first.hooks.restore();
    first.io.restore();
    const second = await served();
    for (const listener of second.hooks.added('SIGINT')) listener();
    await second.exited();
    expect(second.drains).toEqual([['SIGINT', undefined]]);
    second.hooks.restore();
    second.io.restore();
    const third = await served();
    for (const listener of third.hooks.addedOn('stdin', 'error')) listener(new Error('EIO'));
    await third.exited();
    expect(third.drains).toEqual([['stdin failed', 0]]);
    expect(third.records().find((r) => r.msg === 'shutting down')).toMatchObject({ why: 'stdin failed' });
  });

  it('a failing drain is logged and the process still exits 0', async () => {
    const { io, records, exited } = await served({ drainFails: true });
    io.stdin.end();
    await exited();
    expect(records().find((r) => r.msg === 'task drain failed')).toMatchObject({
      level: 'error',
      error: { message: 'drain broke' },
    });
  });

  it('serves a single Server too', async () => {
    const { io } = await served({ single: true });
    io.stdin.write(line(INITIALIZE));
    await expect.poll(() => io.lines().length, { timeout: 10_000 }).toBe(1);
    expect(io.lines()[0]).toMatchObject({ id: 1, result: { protocolVersion: '2025-06-18' } });
  });
});

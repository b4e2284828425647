// A serving process's guard: a stray exception or rejection is logged and the server stays; a broken pipe means the client left: exit 0.
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

async function guarded() {
  stdio = swapStdio();
  hooks = captureProcessHooks();
  const captured = capturingLogger();
  const { newServer } = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    env: {},
    logger: captured.logger,
  });
  await serve(newServer, { logger: captured.logger, http: null });
  const h = hooks;
  const only = (listeners: Array<(...a: unknown[]) => void>) => {
    expect(listeners).toHaveLength(1);
    return listeners[0] as (...a: unknown[]) => void;
  };
  return {
    records: captured.records,
    exits: h.exits,
    uncaught: only(h.added('uncaughtException')),
    unhandled: only(h.added('unhandledRejection')),
    stdoutError: only(h.addedOn('stdout', 'error')),
    stderrError: only(h.addedOn('stderr', 'error')),
  };
}

const coded = (code: string) => Object.assign(new Error(`write ${code}`), { code });

describe('the process guard of a serving server', () => {
  it('a stray exception or rejection is logged as an error and the process stays up', async () => {
    const g = await guarded();
    g.uncaught(new Error('stray bug'));
    g.unhandled('stray reason');
    g.unhandled(undefined);
    g.uncaught(coded('ECONNRESET'));
    expect(g.exits()).toEqual([]);
    const errors = g.records().filter((r) => r.level === 'error');
    expect(errors.map((r) => r.msg)).toEqual([
      'uncaught exception',
      'unhandled rejection',
      'unhandled rejection',
      'uncaught exception',
    ]);
    expect(errors[0]).toMatchObject({ error: { message: 'stray bug' } });
    expect(errors[1]).toMatchObject({ reason: 'stray reason' });
  });

  it('a broken pipe (EPIPE or a destroyed stream) thrown or rejected means the client is gone: exit 0', async () => {
    const g = await guarded();
    g.uncaught(coded('EPIPE'));
    expect(g.exits()).toEqual([0]);
    g.unhandled(coded('ERR_STREAM_DESTROYED'));
    expect(g.exits()).toEqual([0, 0]);
  });

  it('stdout or stderr failing with a broken pipe exits 0; any other stream error does not', async () => {
    const g = await guarded();
    g.stdoutError(coded('EIO'));
    g.stderrError(coded('EAGAIN'));
    g.stdoutError(null);
    expect(g.exits()).toEqual([]);
    g.stdoutError(coded('EPIPE'));
    expect(g.exits()).toEqual([0]);
    g.stderrError(coded('ERR_STREAM_DESTROYED'));
    expect(g.exits()).toEqual([0, 0]);
    g.stderrError(coded('EPIPE'));
    expect(g.exits()).toEqual([0, 0, 0]);
  });
});

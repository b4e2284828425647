// What runScript hands back (the thread protocol's `done` message) for a result the sandbox cannot return: a
// limitation outcome naming the limit, never another status, and the engine still clean.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/options.js';
import { ModulePool } from '../src/sandbox/module-pool.js';
import { runScript } from '../src/sandbox/run-script.js';
import { FakeHost } from './fake-host.js';

const limits = { ...resolveLimits({ maxResultBytes: 1000 }), timeoutMs: 5000 };
const run = (code: string) =>
  runScript(new ModulePool(limits.memoryLimitBytes, () => {}), limits, {
    code,
    timeoutMs: 5000,
    host: new FakeHost(),
    log: silentLogger,
  });

describe('runScript: results the sandbox cannot return', () => {
  it('too large: a result_size limitation', async () => {
    const { outcome, poisoned } = await run("return 'x'.repeat(5000);");
    expect(outcome).toMatchObject({ status: 'limitation', limitation: { kind: 'result_size', limit: 1000 } });
    expect(poisoned).toBe(false);
  });

  it('not JSON: a non_json_result limitation', async () => {
    const { outcome } = await run('return 10n;');
    expect(outcome).toMatchObject({ status: 'limitation', limitation: { kind: 'non_json_result' } });
  });
});

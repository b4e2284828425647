// The product's worker threads, the calling-thread sandbox the limit tests use, and the thread protocol served on the
// calling thread give the same execute outcomes.
import type { ToolDefinition } from '@obmcp/contract';
import { SandboxLimitationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import type { CodeModeOptions } from '../src/options.js';
import { FakeHost, runner } from './fake-host.js';
import { inThreadCodeModeTools } from './in-thread.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const OPTIONS: CodeModeOptions = { defaultTimeoutMs: 5000, maxCalls: 3, maxLogLines: 4, maxCodeChars: 400 };

/** What an agent sees of one execute: the result, or the limitation's detail and hints. */
async function outcome(tools: ToolDefinition[], code: string): Promise<unknown> {
  try {
    return await runner(tools, new FakeHost())('execute', { code });
  } catch (error) {
    if (!(error instanceof SandboxLimitationError)) throw error;
    return { limitation: error.details, hints: error.hints };
  }
}

const SCRIPTS: ReadonlyArray<readonly [string, string]> = [
  ['value, logs and a call', "console.log('a'); const r = await call_tool('echo', { t: 1 }); return r;"],
  ['a script error', "const a = 1;\nthrow new TypeError('bad ' + a);"],
  ['the call limit', "for (let i = 0; i < 5; i++) await call_tool('echo', { i }); return 'no';"],
  ['the log line limit', "for (let i = 0; i < 9; i++) console.log('l' + i); return 0;"],
  ['an envelope as a value', "return await call_tool('get_order', { orderId: '1' });"],
  ['a blocked capability', "require('fs');"],
  ['code over maxCodeChars', `return '${'x'.repeat(400)}';`],
];

describe('worker thread and calling thread agree', () => {
  const onThread = codeModeTools(OPTIONS);
  const sameThread = sameThreadCodeModeTools(OPTIONS);
  const overChannel = inThreadCodeModeTools(OPTIONS);
  it.each(SCRIPTS)('%s', async (_label, code) => {
    const expected = await outcome(sameThread, code);
    expect(await outcome(onThread, code)).toEqual(expected);
    expect(await outcome(overChannel, code)).toEqual(expected);
  });
});

// The sandbox's console on the calling thread (where Stryker sees it; execute.test.ts runs the same scripts in a
// worker): every level and kind of value as the agent reads it in `logs`, and a flood cut with one closing line.
import { describe, expect, it } from 'vitest';
import { FakeHost, runner } from './fake-host.js';
import { sameThreadCodeModeTools } from './same-thread.js';

const execute = (code: string) =>
  runner(sameThreadCodeModeTools({ defaultTimeoutMs: 5000 }), new FakeHost())('execute', {
    code,
  }) as Promise<{
    logs: string[];
  }>;

describe('console on the calling thread', () => {
  it('prints every console level and every kind of value an agent logs', async () => {
    const out = await execute(
      [
        "console.log('log'); console.info('info'); console.debug('debug');",
        'console.log(undefined, null, true, 2.5, () => 1, Symbol("s"));',
        "console.log({ name: 'n', message: 'not an error' }, new RangeError('r'));",
        "console.log({ name: 'n', stack: 's' }, { message: 'm', stack: 's' });",
        "console.log(new String('boxed'), [1, 'two'], 'plain');",
        'return 0;',
      ].join('\n'),
    );
    expect(out.logs).toEqual([
      'log',
      'info',
      '[debug] debug',
      'undefined null true 2.5 [function] [symbol]',
      '{"name":"n","message":"not an error"} RangeError: r',
      '{"name":"n","stack":"s"} {"message":"m","stack":"s"}',
      'boxed [1,"two"] plain',
    ]);
  });

  it('a value JSON cannot print (a BigInt) is shown as [unprintable], the line kept', async () => {
    const out = await execute("console.log('n =', 10n, 'done'); return 0;");
    expect(out.logs).toEqual(['n = [unprintable] done']);
  });

  it('once the log is full, a logged value is not even read (its toJSON never runs)', async () => {
    const out = (await runner(sameThreadCodeModeTools({ maxLogLines: 1 }), new FakeHost())('execute', {
      code:
        'let reads = 0; const v = { toJSON() { reads++; return 1; } };\n' +
        'console.log(v); console.log(v); console.warn(v); return reads;',
    })) as { result: number; logs: string[] };
    expect(out).toMatchObject({
      result: 1,
      logs: ['1', '[2 more console line(s) dropped: log limit reached]'],
    });
  });

  it('a flood of lines is cut, and the last line says how many were dropped', async () => {
    const out = await execute(
      "for (let i = 0; i < 300; i++) console.log('line ' + i + ' ' + 'x'.repeat(500)); return 0;",
    );
    expect(out.logs.slice(0, -1).join('').length).toBeLessThanOrEqual(16_000);
    expect(out.logs.at(-1)).toMatch(/^\[\d+ more console line\(s\) dropped/);
  });
});

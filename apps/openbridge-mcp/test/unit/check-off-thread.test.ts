// The SQL guard off the event loop (src/sql/check-off-thread.ts, with the built worker handed in): the decisions a
// query gets are the inline check's, a short check is not starved by long ones, and a check that overruns its budget
// or whose checker thread dies is refused (never run), while the queue goes on with a new thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSqlOffThread,
  nextJobIndex,
  setCheckBudgetForTests,
  setCheckWorkerForTests,
} from '../../src/sql/check-off-thread.js';
import { checkSql } from '../../src/tools/sql-check.js';

const BUILT = new URL('../../dist/sql/check-worker.js', import.meta.url);
const FAULTY = new URL('../fixtures/faulty-check-worker.mjs', import.meta.url);

const wide = (n: number) =>
  `SELECT a FROM t WHERE ${Array.from({ length: n }, (_, i) => `x${i} = ${i}`).join(' AND ')} LIMIT 1`;

/** The whole refusal of an undecided check on redshift: nothing about the query was read, so it is never run. */
function checkSqlOffThreadRefusal(why: string) {
  const issue = `The query's check ${why}; send a shorter or simpler statement.`;
  return {
    read_only: false,
    single_statement: false,
    starts_with_select: false,
    statement_kinds: [],
    uses_select_star: false,
    has_limit: false,
    parsed: false,
    refusals: [{ rule: 'check_budget', issue }],
    warnings: [issue],
    dialect: {
      warehouse: 'redshift',
      grammar: 'redshift',
      lexers: ['redshift', 'redshift (nested comments)'],
    },
  };
}

beforeAll(() => {
  if (!existsSync(fileURLToPath(BUILT)))
    throw new Error('run `pnpm run build` first: dist/sql/check-worker.js');
});
afterEach(() => {
  setCheckBudgetForTests(undefined);
  setCheckWorkerForTests(BUILT);
});
afterAll(() => setCheckWorkerForTests(undefined));

describe('checkSqlOffThread on the built worker', () => {
  beforeAll(() => setCheckWorkerForTests(BUILT));

  it('answers the inline check’s decisions, for the warehouse and LIMIT rule asked', async () => {
    const cases: Array<[string, 'redshift' | 'snowflake' | 'bigquery', boolean]> = [
      ["SELECT '/*'; DELETE FROM t; SELECT '*/' LIMIT 1", 'redshift', true],
      ['SELECT a FROM t LIMIT 1', 'snowflake', false],
      ['SELECT a FROM t', 'bigquery', false],
      ['SELECT a FROM t', 'bigquery', true],
      ['DELETE FROM t', 'snowflake', false],
    ];
    for (const [sql, warehouse, allowUnbounded] of cases)
      expect(await checkSqlOffThread(sql, warehouse, allowUnbounded), sql).toEqual(
        checkSql(sql, warehouse, allowUnbounded),
      );
    expect(await checkSqlOffThread('SELECT a FROM t', 'bigquery', false)).toMatchObject({
      has_limit: false,
      dialect: { warehouse: 'bigquery' },
    });
  });

  it('keeps the event loop free while a long query is checked', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const check = await checkSqlOffThread(wide(400), 'redshift', false);
    clearInterval(timer);
    expect(check.read_only).toBe(true);
    // Inline, the parse would hold the loop for its whole duration and no tick could run meanwhile.
    expect(ticks).toBeGreaterThan(0);
  });

  it('a short query sent after long ones is checked first, and each gets its own answer', async () => {
    const order: string[] = [];
    const long = [1, 2, 3].map((i) =>
      checkSqlOffThread(wide(300 + i), 'redshift', false).then((c) => {
        order.push(`long${i}`);
        return c;
      }),
    );
    const short = checkSqlOffThread('SELECT b FROM u LIMIT 1', 'redshift', false).then((c) => {
      order.push('short');
      return c;
    });
    expect(await short).toEqual(checkSql('SELECT b FROM u LIMIT 1', 'redshift', false));
    const answers = await Promise.all(long);
    for (const [i, answer] of answers.entries())
      expect(answer).toEqual(checkSql(wide(301 + i), 'redshift', false));
    // The first long one was already running; the short one goes before the two still queued.
    expect(order).toEqual(['long1', 'short', 'long2', 'long3']);
  });

  it('a check over its budget is refused as check_budget; unset, the 15 s budget comes back', async () => {
    setCheckBudgetForTests(1);
    expect(await checkSqlOffThread(wide(300), 'redshift', false)).toEqual(
      checkSqlOffThreadRefusal('did not finish within 0.001 s'),
    );
    setCheckBudgetForTests(undefined);
    expect(await checkSqlOffThread(wide(300), 'redshift', false)).toMatchObject({
      read_only: true,
      refusals: [],
    });
  });

  it('leaves no timer holding the process open while a check runs', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const check = checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false);
    expect(timers()).toBe(before);
    await check;
  });
});

describe('a checker thread that fails', () => {
  it('a check that does not finish within its budget is refused; the next one is answered by a new thread', async () => {
    setCheckWorkerForTests(FAULTY);
    setCheckBudgetForTests(1_000);
    const silent = checkSqlOffThread('silent', 'redshift', false);
    const next = checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false);
    expect(await silent).toEqual(checkSqlOffThreadRefusal('did not finish within 1 s'));
    expect(await next).toMatchObject({ from: 'faulty-check-worker', sql: 'SELECT a FROM t LIMIT 1' });
  });

  it('a thread that crashes refuses the check it ran; the queued one is checked by a new thread', async () => {
    setCheckWorkerForTests(FAULTY);
    const crashed = checkSqlOffThread('crash', 'redshift', false);
    const queued = checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false);
    expect(await crashed).toEqual(
      checkSqlOffThreadRefusal('ended the checker (it ran out of memory or stack)'),
    );
    expect(await queued).toMatchObject({ from: 'faulty-check-worker', sql: 'SELECT a FROM t LIMIT 1' });
  });

  it('a thread that exits refuses the check it ran; the queue goes on', async () => {
    setCheckWorkerForTests(FAULTY);
    const exited = checkSqlOffThread('exit', 'redshift', false);
    const queued = checkSqlOffThread('SELECT 1 LIMIT 1', 'redshift', false);
    expect(await exited).toEqual(checkSqlOffThreadRefusal('ended the checker'));
    expect(await queued).toMatchObject({ from: 'faulty-check-worker' });
  });

  it('an answer carrying another check’s id is not taken for this check’s', async () => {
    setCheckWorkerForTests(FAULTY);
    setCheckBudgetForTests(200);
    expect(await checkSqlOffThread('forged', 'redshift', false)).toEqual(
      checkSqlOffThreadRefusal('did not finish within 0.2 s'),
    );
  });

  it('a second answer for a check already answered changes nothing', async () => {
    setCheckWorkerForTests(FAULTY);
    expect(await checkSqlOffThread('twice', 'redshift', false)).toMatchObject({ sql: 'twice' });
    expect(await checkSqlOffThread('after', 'redshift', false)).toMatchObject({ sql: 'after' });
  });

  it('a thread that ends between checks is replaced: the next check gets a new one', async () => {
    setCheckWorkerForTests(FAULTY);
    expect(await checkSqlOffThread('bye', 'redshift', false)).toMatchObject({ sql: 'bye' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await checkSqlOffThread('later', 'redshift', false)).toMatchObject({ sql: 'later' });
  });

  it('a worker file changed between checks is the one the next check runs on', async () => {
    setCheckWorkerForTests(BUILT);
    await checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false);
    setCheckWorkerForTests(FAULTY);
    expect(await checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false)).toMatchObject({
      from: 'faulty-check-worker',
    });
    setCheckWorkerForTests(undefined);
    // Inline: the sources' own check, answered at once.
    expect(await checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false)).toEqual(
      checkSql('SELECT a FROM t LIMIT 1', 'redshift', false),
    );
  });
});

describe('nextJobIndex (queue order)', () => {
  it('the shortest text first; waiting counts for it, a character a millisecond', () => {
    const now = 100_000;
    const order = (jobs: Array<{ sqlLength: number; queuedAt: number }>) => nextJobIndex(jobs, now);
    expect(
      order([
        { sqlLength: 500, queuedAt: now },
        { sqlLength: 20, queuedAt: now },
      ]),
    ).toBe(1);
    // 20 000 characters that waited 19.99 s beat 30 that just came; 19.9 s is not enough.
    expect(
      order([
        { sqlLength: 20_000, queuedAt: now - 19_990 },
        { sqlLength: 30, queuedAt: now },
      ]),
    ).toBe(0);
    expect(
      order([
        { sqlLength: 20_000, queuedAt: now - 19_900 },
        { sqlLength: 30, queuedAt: now },
      ]),
    ).toBe(1);
    // Ties go to the one queued first; the third of three can be the next.
    expect(
      order([
        { sqlLength: 5, queuedAt: now },
        { sqlLength: 5, queuedAt: now },
      ]),
    ).toBe(0);
    expect(
      order([
        { sqlLength: 9, queuedAt: now },
        { sqlLength: 8, queuedAt: now },
        { sqlLength: 7, queuedAt: now },
      ]),
    ).toBe(2);
  });
});

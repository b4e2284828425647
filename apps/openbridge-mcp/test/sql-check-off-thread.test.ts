// The SQL guard runs on a worker thread (the built module), fed by a fair queue: the event loop keeps answering, and a short check is not starved by long ones.
import { describe, expect, it } from 'vitest';

// The compiled module: its worker file exists next to it (from the TypeScript sources the check runs inline).
const offThread = (await import(
  '../dist/sql/check-off-thread.js'
)) as typeof import('../src/sql/check-off-thread.js');

const wide = (n: number) =>
  `SELECT a FROM t WHERE ${Array.from({ length: n }, (_, i) => `x${i} = ${i}`).join(' AND ')} LIMIT 1`;

describe('checkSqlOffThread (built)', () => {
  it('answers the same decisions as the inline check, for the warehouse asked', async () => {
    const hostile = await offThread.checkSqlOffThread(
      "SELECT '/*'; DELETE FROM t; SELECT '*/' LIMIT 1",
      'redshift',
      true,
    );
    expect(hostile).toMatchObject({ read_only: false, single_statement: false });
    const benign = await offThread.checkSqlOffThread('SELECT a FROM t LIMIT 1', 'snowflake', false);
    expect(benign).toMatchObject({
      read_only: true,
      has_limit: true,
      parsed: true,
      dialect: { warehouse: 'snowflake' },
    });
  });

  it('keeps the event loop free while a long query is checked', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const check = await offThread.checkSqlOffThread(wide(400), 'redshift', false);
    clearInterval(timer);
    expect(check.read_only).toBe(true);
    // Inline, the parse would hold the loop for its whole duration and no tick could run meanwhile.
    expect(ticks).toBeGreaterThan(0);
  });

  it('a short query sent after long ones is checked first, and passes', async () => {
    const order: string[] = [];
    const long = [1, 2, 3].map((i) =>
      offThread.checkSqlOffThread(wide(600), 'redshift', false).then((c) => {
        order.push(`long${i}`);
        return c;
      }),
    );
    const short = offThread.checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false).then((c) => {
      order.push('short');
      return c;
    });
    expect(await short).toMatchObject({ read_only: true, refusals: [] });
    await Promise.all(long);
    // The first long one was already running; the short one goes before the two still queued.
    expect(order.indexOf('short')).toBeLessThan(order.indexOf('long3'));
    expect(order.indexOf('short')).toBeLessThan(order.indexOf('long2'));
  });
});

describe('the budget', () => {
  it('only the check that overruns is refused, as check_budget; the next one in the queue is checked in full', async () => {
    // Warm the worker (its first check loads the grammar) so the budget below measures a check, not a start.
    await offThread.checkSqlOffThread('SELECT a FROM t LIMIT 1', 'redshift', false);
    // The budget is a quarter of what 6 000 conditions take on this machine right now, unbudgeted: the check
    // overruns whether the machine is idle or loaded, and a two-condition check fits in it many times over.
    const started = performance.now();
    await offThread.checkSqlOffThread(wide(6_000), 'redshift', false);
    const budgetMs = Math.max(100, Math.round((performance.now() - started) / 4));
    offThread.setCheckBudgetForTests(budgetMs);
    try {
      const slow = offThread.checkSqlOffThread(wide(6_000), 'redshift', false);
      const queued = offThread.checkSqlOffThread(wide(2), 'redshift', false);
      const overran = await slow;
      expect(overran.refusals).toEqual([
        {
          rule: 'check_budget',
          issue: `The query's check did not finish within ${budgetMs / 1000} s; send a shorter or simpler statement.`,
        },
      ]);
      expect(overran).toMatchObject({ read_only: false, parsed: false, dialect: { warehouse: 'redshift' } });
      // It waited the slow one's budget: its own budget started when it started, so it is checked in full.
      expect(await queued).toMatchObject({ read_only: true, refusals: [] });
    } finally {
      offThread.setCheckBudgetForTests(undefined);
    }
  }, 120_000);
});

describe('nextJobIndex (queue order)', () => {
  it('the shortest text first; waiting counts for it, a character a millisecond', () => {
    const now = 100_000;
    expect(
      offThread.nextJobIndex(
        [
          { sqlLength: 500, queuedAt: now },
          { sqlLength: 20, queuedAt: now },
        ],
        now,
      ),
    ).toBe(1);
    // 20 000 characters that waited 19.99 s beat 30 that just came; 19.9 s is not enough.
    expect(
      offThread.nextJobIndex(
        [
          { sqlLength: 20_000, queuedAt: now - 19_990 },
          { sqlLength: 30, queuedAt: now },
        ],
        now,
      ),
    ).toBe(0);
    expect(
      offThread.nextJobIndex(
        [
          { sqlLength: 20_000, queuedAt: now - 19_900 },
          { sqlLength: 30, queuedAt: now },
        ],
        now,
      ),
    ).toBe(1);
    // Ties go to the one queued first.
    expect(
      offThread.nextJobIndex(
        [
          { sqlLength: 5, queuedAt: now },
          { sqlLength: 5, queuedAt: now },
        ],
        now,
      ),
    ).toBe(0);
  });
});

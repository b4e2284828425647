// The SQL guard runs on a worker thread (the built module): the event loop keeps answering while a long query is parsed.
import { describe, expect, it } from 'vitest';

// The compiled module: its worker file exists next to it (from the TypeScript sources the check runs inline).
const offThread = (await import(
  '../dist/sql/check-off-thread.js'
)) as typeof import('../src/sql/check-off-thread.js');

describe('checkSqlOffThread (built)', () => {
  it('answers the same decisions as the inline check', async () => {
    const hostile = await offThread.checkSqlOffThread(
      "SELECT '/*'; DELETE FROM t; SELECT '*/' LIMIT 1",
      true,
    );
    expect(hostile).toMatchObject({ read_only: false, single_statement: false });
    const benign = await offThread.checkSqlOffThread('SELECT a FROM t LIMIT 1', false);
    expect(benign).toMatchObject({ read_only: true, has_limit: true, parsed: true });
  });

  it('keeps the event loop free while a long query is checked', async () => {
    const long = `SELECT a FROM t WHERE ${Array.from({ length: 400 }, (_, i) => `x${i} = ${i}`).join(' AND ')} LIMIT 1`;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const check = await offThread.checkSqlOffThread(long, false);
    clearInterval(timer);
    expect(check.read_only).toBe(true);
    // Inline, the parse would hold the loop for its whole duration and no tick could run meanwhile.
    expect(ticks).toBeGreaterThan(0);
  });
});

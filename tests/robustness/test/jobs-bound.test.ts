// The job bench at CI size (rates ×1000): whole jobs against the throttling mocks end with zero upstream 429s and
// zero failed calls, in one process and across two sharing a Redis limiter. Counts only: the times are bench/'s.
import { REPO_ROOT } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';

interface JobResult {
  job: string;
  calls: number;
  failed: number;
  throttled: number;
  orders?: number;
  pages?: number;
  documents?: number;
}
interface JobsModule {
  runJobs(size: Record<string, number>): Promise<{ jobs: JobResult[] }>;
}

/**
 * Rates ×1000 put a getOrders token every 60 ms, while a loaded 2-core CI machine (seen at a load average
 * of 70) can delay one request hundreds of ms more than the next. The upstream's bucket counts arrivals:
 * zero 429s hold while the limiter's arrival margin exceeds that spread (see ARRIVAL_MARGIN_MS in
 * http-kit), so the headroom is stated here in real time, 1 s, not left to the 100 ms default sized for
 * real rates (where a token is 60 s). It delays a job by at most 1 s per idle spell; the budget, the
 * burst and what is asserted are unchanged. The bench also sets the exchange and Redis timeouts a loaded
 * machine needs (bench/jobs/jobs.mjs, startSp).
 */
const CI_SIZE = {
  scale: 1000,
  latencyMs: 0,
  orders: 300,
  pageSize: 10,
  reports: 3,
  reportMs: 300_000,
  arrivalMarginMs: 1_000,
};

describe('jobs at the rate-limit bound (CI size)', () => {
  it('pages 300+ orders, runs 3 reports as MCP tasks and splits the orders over two processes: no 429, no failure', async () => {
    const url = new URL('bench/jobs/jobs.mjs', `file://${REPO_ROOT}/`).href;
    const { runJobs } = (await import(url)) as JobsModule;
    const { jobs } = await runJobs(CI_SIZE);
    const [orders, reports, twoProcesses] = jobs;
    // 300 generated orders + the fixture's 4 US ones, 10 per page: 31 pages, 11 more than getOrders' burst.
    expect(orders).toMatchObject({ orders: 304, pages: 31, throttled: 0, failed: 0 });
    expect(twoProcesses).toMatchObject({ orders: 304, throttled: 0, failed: 0 });
    expect(reports).toMatchObject({ documents: 3, throttled: 0, failed: 0 });
  });
});

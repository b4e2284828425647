// Unit (src): the job tools without waitSeconds, on a fake clock: each waits its documented default (run_report,
// run_export and run_snapshot 120 s, run_amc_query 300 s) and reads the job's status at the cadence its description
// states (every 2.5 % of the time waited, from the first wait to the longest), then answers ready:false with the
// warning naming that wait. The upstream job never ends here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, json, type Sent, toolRig } from './ads-rig.js';

// The real cadence: OBMCP_MOCK_RATE_SCALE=1 (the rig's mock mode would otherwise divide the waits by 250).
const REAL_TIME = { OBMCP_MOCK_RATE_SCALE: '1', ADS_API_PROFILE_ID: '777' };

/** The status reads a wait of `waitMs` makes: each after share × time waited, between firstMs and maxMs. */
function readsIn(waitMs: number, firstMs: number, maxMs: number): number {
  let elapsed = 0;
  let reads = 0;
  for (;;) {
    const left = waitMs - elapsed;
    if (left <= 0) return reads;
    elapsed += Math.min(Math.min(maxMs, Math.max(firstMs, elapsed * 0.025)), left);
    reads += 1;
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Calls the tool, runs the fake clock `ms` forward, and answers the outcome (the call must have ended by then). */
async function runFor(
  r: ReturnType<typeof toolRig>,
  name: string,
  args: Record<string, unknown>,
  ms: number,
) {
  let settled = false;
  const outcome = r.call(name, args).finally(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  expect(settled, `${name} still waiting after ${ms} ms`).toBe(true);
  const out = await outcome;
  if (!out.ok) throw new Error(JSON.stringify(out.envelope));
  return out.value as Record<string, unknown> & { _meta?: { warnings?: Array<{ summary: string }> } };
}

const reads = (sent: Sent[], path: RegExp) =>
  sent.filter((s) => s.method === 'GET' && path.test(s.url)).length;

describe('the job tools wait their documented default', () => {
  it('run_amc_query: 300 s, a status read every 10 s to 60 s, then the warning', async () => {
    const r = toolRig((req: Sent): Answer => {
      if (req.method === 'POST')
        return json({ workflowExecution: { workflowExecutionId: 'exec-1', status: 'PENDING' } });
      return json({ workflowExecution: { workflowExecutionId: 'exec-1', status: 'RUNNING' } });
    }, REAL_TIME);
    const out = await runFor(
      r,
      'run_amc_query',
      {
        instanceId: 'amcinst1',
        advertiserId: 'amcacc1',
        marketplaceId: 'ATVPDKIKX0DER',
        sqlQuery: 'SELECT 1',
        timeWindowType: 'MOST_RECENT_WEEK',
      },
      301_000,
    );
    expect(out).toMatchObject({ workflowExecutionId: 'exec-1', status: 'RUNNING', ready: false });
    expect(out._meta?.warnings?.map((w) => w.summary)).toEqual([
      'AMC execution exec-1 is still RUNNING after 300 s.',
    ]);
    expect(reads(r.sent, /workflowExecutions\/exec-1$/)).toBe(readsIn(300_000, 10_000, 60_000));
  });

  it('run_report: 120 s, a status read every 2 s to 30 s, then the warning', async () => {
    const r = toolRig(
      (req: Sent): Answer =>
        req.method === 'POST'
          ? json({ reportId: 'rep-1', status: 'PENDING' })
          : json({ reportId: 'rep-1', status: 'PROCESSING' }),
      REAL_TIME,
    );
    const out = await runFor(
      r,
      'run_report',
      {
        reportTypeId: 'spCampaigns',
        startDate: '2026-11-01',
        endDate: '2026-11-02',
        columns: ['impressions'],
        groupBy: ['campaign'],
      },
      121_000,
    );
    expect(out).toMatchObject({ reportId: 'rep-1', status: 'PROCESSING', ready: false });
    expect(out._meta?.warnings?.map((w) => w.summary)).toEqual([
      'Report rep-1 is still PROCESSING after 120 s.',
    ]);
    expect(reads(r.sent, /\/reporting\/reports\/rep-1$/)).toBe(readsIn(120_000, 2_000, 30_000));
  });

  it('run_export: 120 s, a status read every 2 s to 30 s, then the warning', async () => {
    const r = toolRig(
      (req: Sent): Answer =>
        req.method === 'POST'
          ? json({ exportId: 'exp-1', status: 'PROCESSING' })
          : json({ exportId: 'exp-1', status: 'PROCESSING' }),
      REAL_TIME,
    );
    const out = await runFor(
      r,
      'run_export',
      { exportType: 'campaigns', adProductFilter: ['SPONSORED_PRODUCTS'] },
      121_000,
    );
    expect(out).toMatchObject({ exportId: 'exp-1', status: 'PROCESSING', ready: false });
    expect(out._meta?.warnings?.map((w) => w.summary)).toEqual([
      'Export exp-1 is still PROCESSING after 120 s.',
    ]);
    expect(reads(r.sent, /\/exports\/exp-1$/)).toBe(readsIn(120_000, 2_000, 30_000));
  });

  it('run_snapshot: 120 s, a status read every 2 s to 30 s, then the warning', async () => {
    const r = toolRig(
      (req: Sent): Answer =>
        req.method === 'POST'
          ? json({ snapshotId: 123, status: 'IN_PROGRESS' })
          : json({ snapshotId: '123', status: 'IN_PROGRESS' }),
      REAL_TIME,
    );
    const out = await runFor(
      r,
      'run_snapshot',
      { adProduct: 'SPONSORED_PRODUCTS', recordType: 'campaigns' },
      121_000,
    );
    expect(out).toMatchObject({ snapshotId: '123', status: 'IN_PROGRESS', ready: false });
    expect(out._meta?.warnings?.map((w) => w.summary)).toEqual([
      'Snapshot 123 is still IN_PROGRESS after 120 s.',
    ]);
    expect(reads(r.sent, /\/snapshots\/123$/)).toBe(readsIn(120_000, 2_000, 30_000));
  });
});

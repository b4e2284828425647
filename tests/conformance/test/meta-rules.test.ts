// The unified `_meta` rules of the upstream pipeline, pinned on all three servers (in process + mocks).
import { type AppName, callTool, startInProcess } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { isBuilt, PROFILES } from './support/apps.js';
import { appObject } from './support/app-objects.js';

/** A read tool per server that makes exactly one upstream request per attempt, and its retry-budget switch. */
const READS: Record<
  AppName,
  { tool: string; args: Record<string, unknown>; roomyRetries: Record<string, string> }
> = {
  'sp-mcp': {
    tool: 'get_item_offers',
    args: { asin: 'B08N5WRWNW', marketplaceId: 'ATVPDKIKX0DER', itemCondition: 'New' },
    roomyRetries: { SP_API_RETRY_MAX_TOTAL_MS: '20000' },
  },
  'ads-mcp': { tool: 'list_profiles', args: {}, roomyRetries: { ADS_API_RETRY_BUDGET_MS: '20000' } },
  'openbridge-mcp': { tool: 'get_remote_identities', args: {}, roomyRetries: {} },
};

/** A budget that lets retries through (getItemOffers' documented burst of 1 would refuse the retry). */
const ROOMY_BUDGET = { OBMCP_MOCK_RATE_LIMIT: '100/100' };
/** One call per 20 s: the second call is refused however slow this machine is. */
/**
 * Room for exactly one call. Openbridge counts every request, its refresh-token → JWT exchange included
 * (one budget per IP), so there the first call spends two tokens.
 */
const tightBudget = (app: AppName) => ({
  OBMCP_MOCK_RATE_LIMIT: app === 'openbridge-mcp' ? '0.05/2' : '0.05/1',
});

type Meta = { retry_after_seconds?: unknown; warnings?: unknown[]; request_id?: unknown };

/** One server with `env`, `calls` calls of the app's read tool; the _meta of each and the upstream request count. */
async function run(app: AppName, env: Record<string, string>, calls = 1) {
  const server = await startInProcess({
    app: await appObject(app),
    env: { CODE_MODE: 'off', ...PROFILES[app].env, ...env },
    recordUpstream: true,
  });
  try {
    const outcomes = [];
    for (let i = 0; i < calls; i++) {
      const o = await callTool(server.client, READS[app].tool, READS[app].args);
      const meta = (o.envelope ? o.envelope._meta : o.result?._meta) as Meta | undefined;
      outcomes.push({ envelope: o.envelope, meta: meta ?? {} });
    }
    return { outcomes, requests: server.upstreamRequests().length };
  } finally {
    await server.close();
  }
}

const APPS = (Object.keys(READS) as AppName[]).filter(isBuilt);

describe.each(APPS)('%s: _meta rules', (app) => {
  it('success: no retry_after_seconds (never synthetic), the warning once, a request id', async () => {
    const { outcomes } = await run(app, { OBMCP_MOCK_FAULT: 'warning_header' });
    const [first] = outcomes;
    expect(first?.envelope).toBeUndefined();
    expect(first?.meta.retry_after_seconds).toBeUndefined();
    expect(first?.meta.warnings).toHaveLength(1);
    expect(typeof first?.meta.request_id).toBe('string');
  });

  it('a failure retried with the same Warning on every attempt reports it once', async () => {
    const env = {
      ...ROOMY_BUDGET,
      ...READS[app].roomyRetries,
      OBMCP_MOCK_FAULT: 'http_500',
      OBMCP_MOCK_WARNING: '1',
    };
    const { outcomes, requests } = await run(app, env);
    const [first] = outcomes;
    expect(first?.envelope?.error_code).toMatch(/_HTTP_500$/);
    expect(requests, 'the read was not retried').toBeGreaterThan(1);
    expect(first?.meta.warnings).toHaveLength(1);
    // A 500 without Retry-After: nothing to report, nothing invented.
    expect(first?.meta.retry_after_seconds).toBeUndefined();
  });

  it("retry_after_seconds comes from the upstream's Retry-After when it sent one", async () => {
    const { outcomes } = await run(app, { OBMCP_MOCK_FAULT: 'http_503_retry_after' });
    expect(outcomes[0]?.meta.retry_after_seconds).toBe(2);
  });

  it("else from the pre-flight limiter's computed wait (and the refused call never reached upstream)", async () => {
    const { outcomes, requests } = await run(app, tightBudget(app), 2);
    const [first, second] = outcomes;
    expect(first?.envelope).toBeUndefined();
    expect(first?.meta.retry_after_seconds).toBeUndefined();
    expect(second?.envelope?.error_code).toBe('RATE_LIMITED');
    const wait = second?.meta.retry_after_seconds;
    expect(typeof wait === 'number' && wait > 0 && wait <= 20).toBe(true);
    expect(requests).toBe(1);
  });
});

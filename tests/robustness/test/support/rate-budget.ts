// The limiter targets of the rate-budget tests (one read tool per server and its rule) and a burst that tallies outcomes.
import { type AppName, callTool, type TestServer } from '@obmcp/test-kit';

export interface Target {
  app: AppName;
  tool: string;
  args: Record<string, unknown>;
  /** The rule the burst runs against. */
  rate: number;
  burst: number;
  /** Extra env: the test-only rate override where the documented budget is too large to exhaust here. */
  env: Record<string, string>;
}

export const TARGETS: Target[] = [
  // sp-mcp at its documented rate: getItemOffers 0.5 requests/s, burst 1.
  {
    app: 'sp-mcp',
    tool: 'get_item_offers',
    args: { asin: 'B08N5WRWNW', marketplaceId: 'ATVPDKIKX0DER', itemCondition: 'New' },
    rate: 0.5,
    burst: 1,
    env: { CODE_MODE: 'off' },
  },
  // Ads (a ceiling of 5/s, burst 10) and Openbridge (1,000 per 5 min: burst 100) are too large to exhaust
  // here: the test-only OBMCP_MOCK_RATE_LIMIT sets a small rule.
  {
    app: 'ads-mcp',
    tool: 'list_profiles',
    args: {},
    rate: 0.2,
    burst: 1,
    env: { CODE_MODE: 'off', ADS_API_PROFILE_ID: '1111111111', OBMCP_MOCK_RATE_LIMIT: '0.2/1' },
  },
  // Openbridge counts every request, the refresh-token → JWT exchange included: a process's first call spends
  // two tokens (its JWT exchange and the call), so the burst leaves room for one more call.
  {
    app: 'openbridge-mcp',
    tool: 'get_remote_identities',
    args: {},
    rate: 0.2,
    burst: 3,
    env: { CODE_MODE: 'off', OBMCP_MOCK_RATE_LIMIT: '0.2/3' },
  },
];

export interface Tally {
  ok: number;
  limited: number;
  other: string[];
  retryAfters: number[];
  seconds: number;
}

export async function burst(servers: TestServer[], target: Target, rounds: number): Promise<Tally> {
  const started = Date.now();
  const tally: Tally = { ok: 0, limited: 0, other: [], retryAfters: [], seconds: 0 };
  for (let i = 0; i < rounds; i++) {
    const outcomes = await Promise.all(servers.map((s) => callTool(s.client, target.tool, target.args)));
    for (const o of outcomes) {
      if (o.envelope?.error_code === 'RATE_LIMITED') {
        tally.limited += 1;
        const after = (o.envelope._meta as { retry_after_seconds?: unknown } | undefined)
          ?.retry_after_seconds;
        if (typeof after === 'number') tally.retryAfters.push(after);
      } else if (o.envelope) tally.other.push(`${o.envelope.error_code}: ${o.envelope.summary}`);
      else tally.ok += 1;
    }
  }
  tally.seconds = (Date.now() - started) / 1000;
  return tally;
}

// Conformance on all three servers: a failing token service (LWA, the Openbridge JWT exchange) gets the same answer everywhere.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppName } from '@obmcp/test-kit';
import { assertEnvelope, callTool } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_APPS, type AppProfile, isBuilt, PROFILES } from './support/apps.js';
import { withServer } from './support/servers.js';

/** A read tool per server whose call needs a token first. */
const TOOL: Record<AppName, string> = {
  'sp-mcp': 'get_marketplace_participations',
  'ads-mcp': 'list_profiles',
  'openbridge-mcp': 'get_subscriptions',
};

/**
 * docs/CONTRACT.md, "A failing token service": an outage is the upstream HTTP failure it is (never a
 * credentials problem), a rejection is auth_error, a throttle is rate_limited. The 429 runs last: a
 * Retry-After on it may close a shared limiter bucket.
 */
const CASES: ReadonlyArray<[FaultScenario, (p: AppProfile) => Record<string, unknown>]> = [
  ['http_500', (p) => ({ error_kind: p.httpKind, error_code: `${p.prefix}_HTTP_500`, retryable: true })],
  ['http_401', () => ({ error_kind: 'auth_error', error_code: 'AUTHENTICATION_ERROR', retryable: false })],
  ['http_429', () => ({ error_kind: 'rate_limited', error_code: 'RATE_LIMITED', retryable: true })],
];

const dir = mkdtempSync(join(tmpdir(), 'obmcp-auth-fault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(ALL_APPS.filter(isBuilt))('a failing token service: %s', (app) => {
  it('outage → http kind + <PREFIX>_HTTP_<NNN> (retryable); rejected → auth_error; throttled → rate_limited', async () => {
    const file = join(dir, app);
    writeFileSync(file, 'none');
    const seen = await withServer(app, { OBMCP_MOCK_AUTH_FAULT_FILE: file }, async (server) => {
      const out: Array<[FaultScenario, unknown]> = [];
      for (const [scenario] of CASES) {
        writeFileSync(file, scenario);
        out.push([scenario, (await callTool(server.client, TOOL[app], {})).envelope]);
      }
      return out;
    });
    for (const [scenario, envelope] of seen) {
      assertEnvelope(envelope);
      const want = CASES.find(([s]) => s === scenario)![1](PROFILES[app]);
      expect({ scenario, ...envelope }, JSON.stringify(envelope)).toMatchObject({ scenario, ...want });
      if (scenario === 'http_500')
        expect(envelope.details).toContainEqual(expect.objectContaining({ credential_exchange: true }));
    }
  });
});

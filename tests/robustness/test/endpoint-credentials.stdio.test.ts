// A proxy's user:password in SP_API_ENDPOINT / ADS_API_ENDPOINT (and the LWA endpoint): requests still reach that host, the password never shows.
import { callTool, startServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARIES, findCanaries } from '../src/canaries.js';
import { LOOPBACK_TARGETS, type LoopbackUpstream, startLoopbackUpstream } from '../src/loopback-upstream.js';

let upstream: LoopbackUpstream;
beforeAll(async () => {
  upstream = await startLoopbackUpstream();
  upstream.apiMode = 'answer';
});
afterAll(() => upstream.close());

const USERINFO = `obmcp:${CANARIES.endpointPassword}`;

/** Per server: the endpoint variables, and the local tools that show the endpoint (tool, args, where it shows). */
const CASES = [
  {
    app: 'sp-mcp',
    prefix: 'SP_API',
    shows: [
      ['get_region', {}, (r: Record<string, unknown>) => r.endpoint],
      ['set_region', { region: 'na' }, (r: Record<string, unknown>) => r.endpoint],
    ],
  },
  {
    app: 'ads-mcp',
    prefix: 'ADS_API',
    shows: [
      ['get_region', {}, (r: Record<string, unknown>) => r.apiHost],
      ['set_region', { region: 'eu' }, (r: Record<string, unknown>) => r.apiHost],
      [
        'list_regions',
        {},
        (r: Record<string, unknown>) => [
          ...new Set((r.regions as Array<{ apiHost: string }>).map((x) => x.apiHost)),
        ],
      ],
    ],
  },
] as const;

describe.each(CASES)('endpoint URL with userinfo over stdio: $app', ({ app, prefix, shows }) => {
  it('the password is in no tool result, envelope or stderr line; requests reach the endpoint with Basic credentials', async () => {
    const target = LOOPBACK_TARGETS.find((t) => t.app === app)!;
    const withUserinfo = upstream.base.replace('http://', `http://${USERINFO}@`);
    const server = await startServer({
      app,
      mocks: false,
      env: {
        ...target.env(upstream.base),
        [`${prefix}_ENDPOINT`]: withUserinfo,
        [`${prefix}_LWA_ENDPOINT`]: `${withUserinfo}/auth/o2/token`,
        OBMCP_LOG_LEVEL: 'debug',
      },
    });
    const outputs: unknown[] = [];
    try {
      const shown = `http://***@${new URL(upstream.base).host}`;
      for (const [tool, args, pick] of shows) {
        const out = await callTool(server.client, tool, { ...args });
        outputs.push(out);
        expect(out.envelope, JSON.stringify(out.envelope)).toBeUndefined();
        const value = pick(out.result ?? {});
        expect(Array.isArray(value) ? value : [value]).toEqual([shown]);
      }
      // A failing token service: an envelope, still without the password.
      upstream.failTokens(500, 100);
      const failed = await callTool(server.client, target.tool, {});
      upstream.failTokens(500, 0);
      outputs.push(failed);
      expect(failed.envelope?.retryable).toBe(true);
      // Then the call goes through: token and API request at the endpoint, each with the proxy's credentials.
      const credentialsBefore = upstream.basicCredentials.length;
      const apiBefore = upstream.arrived.length;
      const ok = await callTool(server.client, target.tool, {});
      outputs.push(ok);
      expect(ok.envelope, JSON.stringify(ok.envelope)).toBeUndefined();
      expect(upstream.arrived.length - apiBefore).toBe(1);
      expect(upstream.basicCredentials.slice(credentialsBefore)).toEqual([USERINFO, USERINFO]);
      // An upstream that echoes the request's headers into its error: the Basic value (base64 of the
      // userinfo) never reaches the envelope (audit S5).
      upstream.apiMode = 'echo';
      const echoed = await callTool(server.client, target.tool, {});
      upstream.apiMode = 'answer';
      outputs.push(echoed);
      expect(JSON.stringify(echoed.envelope)).toContain('Basic [redacted]');
      expect(findCanaries(`${JSON.stringify(outputs)}\n${server.stderr()}`)).toEqual([]);
    } finally {
      upstream.apiMode = 'answer';
      upstream.failTokens(500, 0);
      await server.close();
    }
  });
});

// What createServer wires under every tool call, seen from an agent's side against the msw Openbridge fake: the
// request sent (JWT, retries), the envelope a failure becomes (the service named, secrets redacted, a create whose
// answer was lost), the budget (the env handed in, a deployment's shared limiter store) and the server's own log.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Envelope } from '@obmcp/contract';
import type { CreateServerOptions } from '@obmcp/http-kit';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { createLogger } from '@obmcp/mcp-server/server';
import { callTool } from '@obmcp/test-kit';
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const H = ob.OPENBRIDGE_HOSTS;
const SUBS = `${H.subscriptions}/v2/sub`;
const REFRESH_TOKEN = 'wiring-key-7d3e:WIRING-SECRET-91fa';
const alice = { subject: 'openbridge:1.1', account: '1.1', secret: 'alice-key-1a2b:ALICE-SECRET-3c4d' };

const mocks = startMockServer();
/** Every request that reached the fake: method, URL without query, the bearer it carried. */
const sent: Array<{ method: string; url: string; authorization: string | null }> = [];
mocks.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  sent.push({
    method: request.method,
    url: `${url.origin}${url.pathname}`,
    authorization: request.headers.get('authorization'),
  });
});
const toApi = () => sent.filter((s) => !s.url.startsWith(H.authentication));
const exchanges = () => sent.filter((s) => s.url === `${H.authentication}/auth/api/ref`);

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  mocks.resetHandlers();
  ob.resetOpenbridgeMock();
  sent.length = 0;
  await Promise.all(open.splice(0).map((close) => close()));
});
afterAll(() => mocks.close());

interface Started {
  client: Client;
  logs: string[];
  call(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ result?: Record<string, unknown>; envelope?: Envelope; text: string }>;
}

/** A server of its own (its own JWT cache and limiter), built as the bin builds it, with these env and options. */
async function start(
  env: Record<string, string> = {},
  options: Pick<CreateServerOptions, 'limiterStore'> = {},
): Promise<Started> {
  const fullEnv = {
    OPENBRIDGE_REFRESH_TOKEN: REFRESH_TOKEN,
    OPENBRIDGE_MAX_RETRIES: '0',
    OBMCP_MOCK: '1',
    ...env,
  };
  const logs: string[] = [];
  const logger = createLogger({
    name: 'openbridge-mcp',
    level: 'debug',
    secrets: [],
    write: (l) => logs.push(l),
  });
  const contract = createServer(loadConfig(fullEnv), { logger, env: fullEnv, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await contract.server.connect(serverSide);
  const client = new Client({ name: 'openbridge-wiring-test', version: '0.0.0' });
  await client.connect(clientSide);
  open.push(() => client.close());
  return { client, logs, call: (name, args = {}) => callTool(client, name, args) };
}

describe('each call’s request', () => {
  it('carries the JWT exchanged from the refresh token; a JWT Openbridge rejects is exchanged once more', async () => {
    const server = await start();
    let rejected: string | null | undefined;
    mocks.use(
      http.get(SUBS, ({ request }) => {
        // Openbridge revokes the first JWT it sees: a 401 for it, as for an expired one.
        rejected ??= request.headers.get('authorization');
        if (request.headers.get('authorization') === rejected)
          return HttpResponse.json({ errors: [{ detail: 'Token expired' }] }, { status: 401 });
        return HttpResponse.json({ data: [], links: {}, meta: { pagination: { count: 0 } } });
      }),
    );
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope, r.text).toBeUndefined();
    expect(exchanges()).toHaveLength(2);
    const [first, second] = toApi();
    expect(first?.authorization).toMatch(/^Bearer ey/);
    expect(second?.authorization).toMatch(/^Bearer ey/);
    expect(second?.authorization).not.toBe(first?.authorization);
  });

  it('OPENBRIDGE_MAX_RETRIES=1: a 503 is tried once more and the answer comes through', async () => {
    const server = await start({ OPENBRIDGE_MAX_RETRIES: '1' });
    let n = 0;
    mocks.use(
      http.get(SUBS, () => {
        n += 1;
        return n === 1
          ? HttpResponse.json({ errors: [{ detail: 'unavailable' }] }, { status: 503 })
          : HttpResponse.json({ data: [], links: {}, meta: { pagination: { count: 0 } } });
      }),
    );
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope, r.text).toBeUndefined();
    expect(toApi()).toHaveLength(2);
  });

  it('OPENBRIDGE_MAX_RETRIES=0: a 503 is the answer, sent once', async () => {
    const server = await start();
    mocks.use(
      http.get(SUBS, () => HttpResponse.json({ errors: [{ detail: 'unavailable' }] }, { status: 503 })),
    );
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope?.error_code).toBe('OPENBRIDGE_HTTP_503');
    expect(toApi()).toHaveLength(1);
  });
});

describe('the envelope of a failure', () => {
  it('names the Openbridge API when an answer is not JSON', async () => {
    const server = await start();
    mocks.use(
      http.get(
        SUBS,
        () => new HttpResponse('<html>gateway</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope?.summary).toBe('Openbridge API answered HTTP 200 with text/html instead of JSON.');
  });

  it('an error echoing the refresh token never shows it', async () => {
    const server = await start();
    mocks.use(
      http.get(SUBS, () =>
        HttpResponse.json(
          { errors: [{ detail: `refresh token ${REFRESH_TOKEN} lacks a scope` }] },
          { status: 400 },
        ),
      ),
    );
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope?.error_code).toBe('OPENBRIDGE_HTTP_400');
    expect(r.text).toContain('refresh token [redacted] lacks a scope');
    expect(r.text).not.toContain('WIRING-SECRET');
  });

  it('--hosted: an error echoing the calling user’s key never shows it', async () => {
    const server = await start({ OBMCP_HOSTED: '1' });
    mocks.use(
      http.get(SUBS, () =>
        HttpResponse.json({ errors: [{ detail: `key ${alice.secret} lacks a scope` }] }, { status: 400 }),
      ),
    );
    const r = await runAsHostedUser(alice, () => server.call('get_subscriptions', {}));
    expect(r.envelope?.error_code).toBe('OPENBRIDGE_HTTP_400');
    expect(r.text).toContain('key [redacted] lacks a scope');
    expect(r.text).not.toContain('ALICE-SECRET');
  });

  it('a create whose answer never came names the operation sent and says it may exist', async () => {
    const server = await start({ OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' });
    mocks.use(http.post(SUBS, () => HttpResponse.error()));
    const r = await server.call('create_subscription', {
      product_id: 70,
      name: 'Lost',
      storage_group_id: 1688,
      date_start: '2025-01-01T00:00:00Z',
    });
    expect(r.envelope?.summary).toBe(
      'createSubscription (POST): the request was sent but no usable answer came back, so it may have been created.',
    );
  });
});

describe('the budget and the server', () => {
  it('the env handed in sets the budget the JWT exchange and the calls share', async () => {
    // Two requests a long while: the exchange and one call; the next call finds the budget spent.
    const server = await start({ OBMCP_MOCK_RATE_LIMIT: '0.001/2' });
    const first = await server.call('get_subscriptions', {});
    expect(first.envelope, first.text).toBeUndefined();
    const second = await server.call('get_subscriptions', {});
    expect(second.envelope?.error_kind).toBe('rate_limited');
    expect(toApi()).toHaveLength(1);
  });

  it('a deployment’s shared limiter store is the one asked: an empty shared bucket refuses the call', async () => {
    const takes: string[] = [];
    const empty = {
      take: async (key: string) => {
        takes.push(key);
        return { allowed: false, waitSeconds: 60, tokens: 0 };
      },
      penalize: async () => {},
    };
    const server = await start({}, { limiterStore: empty });
    const r = await server.call('get_subscriptions', {});
    expect(r.envelope?.error_kind).toBe('rate_limited');
    expect(takes.length).toBeGreaterThan(0);
    expect(toApi()).toHaveLength(0);
  });

  it('the env handed in reaches the MCP server: the test hooks it enables are listed', async () => {
    const server = await start({ OBMCP_TEST_HOOKS: '1' });
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toContain('obmcp_test_crash');
  });

  it('the server’s log lines, each exchange’s among them, go to the logger handed in', async () => {
    const server = await start();
    await server.call('get_subscriptions', {});
    const lines = server.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'upstream response', component: 'openbridge-client', status: 200 }),
    );
  });
});

// Two HTTP replicas sharing one Redis behind a real haproxy (round robin, no stickiness): calls, tasks, one rate budget and the session's switches hold.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { ProtocolErrorCode, type ProtocolError } from '@modelcontextprotocol/client';
import {
  appEntry,
  callTool,
  directFetch,
  HAS_HAPROXY,
  HAS_REDIS,
  type HaproxyProcess,
  MOCKS_PRELOAD,
  REPO_ROOT,
  type RedisProcess,
  type RunningHttp,
  SERVED_BY_HEADER,
  startHaproxy,
  startHttp,
  startRedis,
} from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TOKEN = 'haproxy-replicas-test-token-0123456789abcdef';
const US = 'ATVPDKIKX0DER';

/** Who answered each request this test sent through the balancer: the JSON-RPC method and haproxy's server. */
interface Served {
  method: string;
  server: string;
}

/**
 * The one place an MCP client is built (the SDK's v1 client on the legacy path today; a v2 client on the
 * modern path is a change here only). `fetch` records which replica answered each request.
 */
async function mcpClient(url: string, fetch: FetchLike, token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'haproxy-replicas', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      fetch,
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A fetch that notes the replica behind each answer (the balancer's SERVED_BY_HEADER). */
function recordingFetch(served: Served[]): FetchLike {
  return async (input, init) => {
    const response = await directFetch(input, init);
    let method = init?.method ?? 'GET';
    if (typeof init?.body === 'string') {
      try {
        method = (JSON.parse(init.body) as { method?: string }).method ?? method;
      } catch {
        // not JSON-RPC
      }
    }
    served.push({ method, server: response.headers.get(SERVED_BY_HEADER) ?? '?' });
    return response;
  };
}

describe.skipIf(!HAS_REDIS || !HAS_HAPROXY)(
  'two replicas behind haproxy (round robin, no stickiness)',
  () => {
    let redis: RedisProcess;
    let lb: HaproxyProcess;
    let dir: string;
    const replicas: RunningHttp[] = [];
    const clients: Client[] = [];
    const served: Served[] = [];
    let client: Client;

    const requestLog = () => join(dir, 'upstream.jsonl');
    const upstream = () =>
      readFileSync(requestLog(), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { method: string; url: string });

    beforeAll(async () => {
      redis = await startRedis();
      dir = mkdtempSync(join(tmpdir(), 'obmcp-haproxy-replicas-'));
      writeFileSync(requestLog(), '');
      const env = {
        CODE_MODE: 'off',
        SP_API_TOOLSETS: 'curated,reports',
        OBMCP_REDIS_URL: redis.url,
        OBMCP_REDIS_KEY_PREFIX: `lb-${Date.now()}:`,
        // Generous on a loaded machine (a timed-out take would fall back to a local bucket).
        OBMCP_REDIS_TIMEOUT_MS: '5000',
        OBMCP_HTTP_BEARER_TOKEN: TOKEN,
        // The balancer forwards its own Host (127.0.0.1:<its port>): a bare name allows any port.
        OBMCP_HTTP_ALLOWED_HOSTS: '127.0.0.1',
        OBMCP_TASK_POLL_INTERVAL_MS: '100',
        // IN_QUEUE for the first quarter of 10 minutes: a task that runs until it is cancelled.
        OBMCP_MOCK_SP_REPORT_MS: '600000',
        OBMCP_MOCK_REQUEST_LOG: requestLog(),
      };
      const args = ['--import', MOCKS_PRELOAD, appEntry('sp-mcp')];
      replicas.push(
        ...(await Promise.all([
          startHttp(args, REPO_ROOT, 60_000, env),
          startHttp(args, REPO_ROOT, 60_000, env),
        ])),
      );
      lb = await startHaproxy(replicas.map((r) => Number(new URL(r.url).port)));
      client = await mcpClient(lb.url, recordingFetch(served));
      clients.push(client);
    }, 120_000);
    afterAll(async () => {
      for (const c of clients) await c.close().catch(() => undefined);
      await lb?.close();
      for (const r of replicas) await r.stop();
      await redis?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const last = () => served.at(-1)?.server ?? '?';
    /**
     * Round robin over two replicas alternates request by request: when the last request went to `server`,
     * the next goes to the other one; otherwise one ping moves the rotation on first.
     */
    async function nextGoesAwayFrom(server: string): Promise<void> {
      if (last() !== server) await client.ping();
      expect(last()).toBe(server);
    }

    it('consecutive calls from one client are spread over both replicas and all succeed', async () => {
      const from = served.length;
      for (let i = 0; i < 6; i++) {
        const outcome = await callTool(client, 'get_region', {});
        expect(outcome.envelope).toBeUndefined();
      }
      const calls = served.slice(from).filter((s) => s.method === 'tools/call');
      expect(calls).toHaveLength(6);
      expect(new Set(calls.map((c) => c.server))).toEqual(new Set(['r1', 'r2']));
      // No stickiness: consecutive calls alternate.
      for (let i = 1; i < calls.length; i++) expect(calls[i]?.server).not.toBe(calls[i - 1]?.server);
    });

    it('a task started on one replica is read, listed and cancelled on the other', async () => {
      const { task } = await client.request(
        {
          method: 'tools/call',
          params: {
            name: 'run_report',
            arguments: { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: [US] },
            task: { ttl: 120_000 },
          },
        },
        CreateTaskResultSchema,
      );
      const creator = last();
      expect(['r1', 'r2']).toContain(creator);
      // Only once the task says IN_QUEUE has createReport answered, so the creator has an upstream job to
      // cancel; on a loaded machine that can take longer than the reads below (polled, not timed).
      for (const deadline = Date.now() + 30_000; ; ) {
        const seen = await client.request(
          { method: 'tasks/get', params: { taskId: task.taskId } },
          GetTaskResultSchema,
        );
        if (seen.statusMessage === 'IN_QUEUE') break;
        if (Date.now() > deadline)
          throw new Error(`the task never said IN_QUEUE (last: ${seen.statusMessage})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      await nextGoesAwayFrom(creator);
      const read = await client.request(
        { method: 'tasks/get', params: { taskId: task.taskId } },
        GetTaskResultSchema,
      );
      expect(last()).not.toBe(creator);
      expect(read.status).toBe('working');

      await nextGoesAwayFrom(creator);
      const listed = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
      expect(last()).not.toBe(creator);
      expect(listed.tasks.find((t) => t.taskId === task.taskId)?.status).toBe('working');

      await nextGoesAwayFrom(creator);
      const cancelled = await client.request(
        { method: 'tasks/cancel', params: { taskId: task.taskId } },
        CancelTaskResultSchema,
      );
      expect(last()).not.toBe(creator);
      expect(cancelled.status).toBe('cancelled');
      // The creator (the replica running it) cancelled the report upstream, and said so through Redis.
      expect(cancelled.statusMessage).toMatch(/cancelled at Amazon \(cancelReport\)$/);
      expect(upstream().filter((r) => r.method === 'DELETE')).toHaveLength(1);

      // Read back through both replicas: cancelled everywhere, no result.
      for (let i = 0; i < 2; i++) {
        const again = await client.request(
          { method: 'tasks/get', params: { taskId: task.taskId } },
          GetTaskResultSchema,
        );
        expect(again.status).toBe('cancelled');
      }
      const noResult = await client
        .request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema)
        .catch((e: unknown) => e);
      expect((noResult as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
    });

    it('one rate budget across both replicas (the Redis limiter): together they stay within it', async () => {
      // getItemOffers: 0.5 requests/s, burst 1 (SP's documented usage plan).
      const started = Date.now();
      const before = upstream().filter((r) => r.url.includes('/offers')).length;
      const from = served.length;
      let ok = 0;
      let limited = 0;
      const other: string[] = [];
      for (let i = 0; i < 6; i++) {
        const outcome = await callTool(client, 'get_item_offers', {
          asin: 'B08N5WRWNW',
          marketplaceId: US,
          itemCondition: 'New',
        });
        if (outcome.envelope?.error_code === 'RATE_LIMITED') limited++;
        else if (outcome.envelope) other.push(`${outcome.envelope.error_code}: ${outcome.envelope.summary}`);
        else ok++;
      }
      const seconds = (Date.now() - started) / 1000;
      const calls = served.slice(from).filter((s) => s.method === 'tools/call');
      expect(new Set(calls.map((c) => c.server))).toEqual(new Set(['r1', 'r2']));
      const fallbacks = replicas
        .flatMap((r) => r.stderr().split('\n'))
        .filter((l) => /falling back to local/.test(l));
      expect(fallbacks, 'a replica fell back to local limiting').toEqual([]);
      expect(other).toEqual([]);
      expect(ok).toBeGreaterThanOrEqual(1);
      // Two separate local buckets would admit each replica's first call (2) at once.
      expect(ok).toBeLessThanOrEqual(1 + Math.floor(0.5 * seconds));
      expect(limited).toBe(6 - ok);
      expect(upstream().filter((r) => r.url.includes('/offers')).length - before).toBe(ok);
    });

    it('set_region answered by one replica is what the other uses on the next call (the switch is in Redis)', async () => {
      const set = await callTool(client, 'set_region', { region: 'eu' });
      expect(set.result?.region).toBe('eu');
      const switcher = last();
      await nextGoesAwayFrom(switcher);
      const read = await callTool(client, 'get_region', {});
      expect(last()).not.toBe(switcher);
      expect(read.result?.region).toBe('eu');
      // The next SP-API call, on the other replica again, goes to Europe.
      await nextGoesAwayFrom(switcher);
      const before = upstream().length;
      const orders = await callTool(client, 'get_orders', {
        marketplaceIds: ['A1PA6795UKMFR9'],
        createdAfter: '2026-03-01T00:00:00Z',
      });
      expect(last()).not.toBe(switcher);
      expect(orders.envelope).toBeUndefined();
      expect(
        upstream()
          .slice(before)
          .map((r) => new URL(r.url).host),
      ).toContain('sellingpartnerapi-eu.amazon.com');
      // Switching back holds on both too.
      expect((await callTool(client, 'set_region', { region: 'na' })).result?.region).toBe('na');
      for (let i = 0; i < 2; i++)
        expect((await callTool(client, 'get_region', {})).result?.region).toBe('na');
    });
  },
);

// SIGTERM hands Ads tasks over (real child processes, Redis, one shared upstream): run_report and run_amc_query.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
} from '@modelcontextprotocol/core';
import {
  appEntry,
  directFetch,
  HAS_REDIS,
  REPO_ROOT,
  type RedisProcess,
  type RunningHttp,
  startHttp,
  startRedis,
} from '@obmcp/test-kit';
import { dummyCredentialEnv } from '@obmcp/upstream-mocks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, sharedUpstream, until } from '../src/task-processes.js';

type Requester = Pick<Client, 'request'>;
const get = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
const result = (c: Requester, taskId: string) =>
  c.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, { timeout: 60_000 });

const CASES = [
  {
    tool: 'run_report',
    arguments: {
      startDate: '2025-03-01',
      endDate: '2025-03-02',
      reportTypeId: 'spCampaigns',
      groupBy: ['campaign'],
      columns: ['impressions', 'clicks', 'campaignId'],
      waitSeconds: 600,
    },
    created: (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/reporting/reports',
    done: { status: 'COMPLETED', ready: true },
  },
  {
    tool: 'run_amc_query',
    arguments: {
      instanceId: 'amcabc123def',
      sqlQuery: 'SELECT 1 FROM dsp_impressions',
      timeWindowType: 'MOST_RECENT_WEEK',
      waitSeconds: 600,
    },
    created: (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path.endsWith('/workflowExecutions'),
    done: { status: 'SUCCEEDED', ready: true },
  },
] as const;

describe.skipIf(!HAS_REDIS)('SIGTERM over HTTP with Redis: Ads jobs are handed over, not restarted', () => {
  let redis: RedisProcess;
  let upstream: { url: string; stop: () => void } | undefined;
  let dir: string;
  const replicas: RunningHttp[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const r of replicas) await r.stop();
    upstream?.stop();
    await redis?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(`${c.tool} moves to the other replica, which waits on the same upstream job (one create) and completes`, async () => {
      redis ??= await startRedis();
      dir ??= mkdtempSync(join(tmpdir(), 'obmcp-ads-handover-'));
      const log = join(dir, `${c.tool}.jsonl`);
      writeFileSync(log, '');
      // Jobs that take 40 status reads (the Ads bucket paces them: seconds), against a 1 s drain bound.
      const shared = await sharedUpstream({
        OBMCP_MOCK_ADS_REPORT_POLLS: '40',
        OBMCP_MOCK_AMC_POLLS: '40',
        OBMCP_MOCK_REQUEST_LOG: log,
      });
      upstream = shared;
      const env = {
        ...dummyCredentialEnv(),
        CODE_MODE: 'off',
        ADS_API_PROFILE_ID: '1111111111',
        ADS_API_TOOLSETS: 'curated,amc',
        OBMCP_TASK_POLL_INTERVAL_MS: '100',
        OBMCP_BENCH_UPSTREAM_URL: shared.url,
        OBMCP_REDIS_URL: redis.url,
        OBMCP_REDIS_KEY_PREFIX: `ads-handover-${c.tool}-${Date.now()}:`,
        OBMCP_TASK_DRAIN_MS: '1000',
      };
      const args = ['--import', join(REPO_ROOT, 'bench/jobs/forward-preload.mjs'), appEntry('ads-mcp')];
      const [a, b] = await Promise.all([
        startHttp(args, REPO_ROOT, 60_000, env),
        startHttp(args, REPO_ROOT, 60_000, env),
      ]);
      replicas.push(a, b);
      const connect = async (url: string) => {
        const client = new Client({ name: 'ads-handover', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: directFetch }));
        clients.push(client);
        return client;
      };
      const [onA, onB] = await Promise.all([connect(a.url), connect(b.url)]);
      const { task } = await onA.request(
        {
          method: 'tools/call',
          params: { name: c.tool, arguments: c.arguments, task: { ttl: 300_000 } },
        },
        CreateTaskResultSchema,
      );
      await until(
        () => get(onB, task.taskId),
        (t) => t.status === 'working' && t.statusMessage !== undefined,
        'the job to be polled',
      );
      const exited = exitOf(a.child);
      a.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(a.stderr()).toMatch(/"tasks drained".*"handedOver":1,"interrupted":0/);
      // B claims it at its first read and waits on the same job.
      const final = await result(onB, task.taskId);
      expect(final.isError).toBeFalsy();
      expect(final.structuredContent).toMatchObject(c.done);
      expect((await get(onB, task.taskId)).status).toBe('completed');
      expect(b.stderr()).toContain('"task resumed"');
      const requests = readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => {
          const r = JSON.parse(l) as { method: string; url: string };
          return { method: r.method, path: new URL(r.url).pathname };
        });
      expect(requests.filter(c.created)).toHaveLength(1);
      shared.stop();
    }, 120_000);
  }
});

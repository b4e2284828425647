// The job bench: whole jobs against one throttling upstream (OBMCP_MOCK_THROTTLE=documented), timed against
// the fastest the documented rates allow. Used by `pnpm bench:jobs` (full size) and a CI-sized test.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { esm } from '../resolve.mjs';
import { DOCUMENTED } from './documented.mjs';
import { minimumSeconds } from './minimum.mjs';

const kit = await import(esm('@obmcp/test-kit'));
// The v2 SDK's schemas (the test kit's client is @modelcontextprotocol/client), from core's ESM entry.
const {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  TaskStatusNotificationParamsSchema,
} = await import(esm('@modelcontextprotocol/core').replace(/index\.cjs$/, 'index.mjs'));
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/**
 * One stated factor scales the documented rates (mocks and servers alike) and divides the real-world
 * latency and report time, so a job at the bound takes minutes instead of hours.
 */
export const FULL_SIZE = {
  scale: 50,
  /** A real SP round trip (ms) before scaling. */
  latencyMs: 250,
  orders: 1200,
  pageSize: 20,
  reports: 10,
  /** How long a real report takes (ms) before scaling: IN_QUEUE → IN_PROGRESS → DONE. */
  reportMs: 600_000,
  /**
   * The servers' limiter arrival margin (OBMCP_LIMITER_ARRIVAL_MARGIN_MS); undefined: the product's default
   * (100 ms). Real time, not scaled: it covers how much the machine delays one request more than another.
   */
  arrivalMarginMs: undefined,
};

/** The dummy credentials the mocks accept, from the mocks themselves (no secret-shaped literal here). */
const { dummyCredentialEnv } = await import(esm('@obmcp/upstream-mocks'));
const MOCK_CREDENTIALS = dummyCredentialEnv();

function scaled(size) {
  return {
    latencyMs: Math.round(size.latencyMs / size.scale),
    reportMs: Math.round(size.reportMs / size.scale),
  };
}

/** The shared upstream process; resolves once it listens. */
async function startUpstream(size) {
  const { latencyMs, reportMs } = scaled(size);
  const env = {
    ...process.env,
    OBMCP_MOCK_THROTTLE: 'documented',
    OBMCP_MOCK_RATE_SCALE: String(size.scale),
    OBMCP_MOCK_LATENCY_MS: String(latencyMs),
    OBMCP_MOCK_SP_REPORT_MS: String(reportMs),
    OBMCP_MOCK_SP_ORDERS: String(size.orders),
  };
  const child = spawn(process.execPath, [here('./upstream-server.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`upstream-server exited (${code}): ${errors}`)));
  });
  const url = `http://127.0.0.1:${JSON.parse(line).port}`;
  return {
    url,
    stats: async () => (await fetch(`${url}/__stats`)).json(),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * One sp-mcp over stdio whose every https request goes to the shared upstream, warmed up outside the timed
 * jobs (the LWA token, the lazy HTTP client, the mocks' spec engine) by one getReport of a seeded report.
 */
async function startSp(size, upstream, extraEnv = {}) {
  const server = await kit.startServer({
    command: process.execPath,
    args: ['--import', here('./forward-preload.mjs'), kit.appEntry('sp-mcp')],
    env: {
      ...MOCK_CREDENTIALS,
      OBMCP_BENCH_UPSTREAM_URL: upstream.url,
      OBMCP_MOCK_RATE_SCALE: String(size.scale),
      OBMCP_LOG_LEVEL: 'warn',
      // The server waits for a token rather than refusing the call (the bench measures the pace, not refusals).
      SP_API_LIMITER_MAX_WAIT_MS: '120000',
      // run_report (the report job's task) is listed with the reports toolset.
      SP_API_TOOLSETS: 'curated,reports',
      // Headroom for a loaded machine, stated here (bench/README): an exchange slower than the mock-mode 2 s
      // timeout would be retried after its first request had taken an upstream token (one request more than
      // the limiter counted), and a Redis round trip slower than the default 500 ms would make each process
      // fall back to a bucket of its own (twice the shared budget).
      SP_API_TIMEOUT_MS: '60000',
      OBMCP_REDIS_TIMEOUT_MS: '10000',
      ...(size.arrivalMarginMs === undefined
        ? {}
        : { OBMCP_LIMITER_ARRIVAL_MARGIN_MS: String(size.arrivalMarginMs) }),
      ...extraEnv,
    },
    timeoutMs: 60_000,
  });
  const warm = await kit.callTool(server.client, 'get_report', { reportId: 'ID323' }, 60_000);
  if (!warm.result) throw new Error(`warm-up get_report failed: ${warm.text.slice(0, 300)}`);
  return server;
}

/** Counts of one job: calls made, calls that ended in an envelope, and their error codes. */
function tally() {
  return { calls: 0, failed: 0, codes: {} };
}

async function call(server, counts, name, args) {
  counts.calls++;
  const outcome = await kit.callTool(server.client, name, args, 300_000);
  if (outcome.envelope) {
    counts.failed++;
    const code = outcome.envelope.error_code;
    counts.codes[code] = (counts.codes[code] ?? 0) + 1;
  }
  return outcome;
}

/** Pages through get_orders from `window` on until there is no nextToken; returns the orders seen. */
async function pageOrders(server, counts, size, window) {
  let args = { marketplaceIds: ['ATVPDKIKX0DER'], maxResultsPerPage: size.pageSize, ...window };
  let orders = 0;
  let pages = 0;
  for (;;) {
    const { result } = await call(server, counts, 'get_orders', args);
    if (!result) return { orders, pages };
    pages++;
    orders += Array.isArray(result.orders) ? result.orders.length : 0;
    if (typeof result.nextToken !== 'string') return { orders, pages };
    args = {
      marketplaceIds: ['ATVPDKIKX0DER'],
      maxResultsPerPage: size.pageSize,
      nextToken: result.nextToken,
    };
  }
}

async function measured(upstream, job) {
  const before = await upstream.stats();
  const t0 = performance.now();
  const out = await job();
  const seconds = (performance.now() - t0) / 1000;
  const after = await upstream.stats();
  return {
    ...out,
    seconds,
    throttled: after.throttled - before.throttled,
    requests: after.requests - before.requests,
  };
}

const ALL_ORDERS = { createdAfter: '2026-02-01T00:00:00Z' };
/** The order job split in two date windows, one per server process. */
const HALVES = [
  { createdAfter: '2026-02-01T00:00:00Z', createdBefore: '2026-03-08T00:00:00Z' },
  { createdAfter: '2026-03-08T00:00:00Z' },
];

/** Job 1: one server pages through every order. */
async function ordersJob(size, upstream, server) {
  const counts = tally();
  const run = await measured(upstream, () => pageOrders(server, counts, size, ALL_ORDERS));
  const { rate, burst } = DOCUMENTED.getOrders;
  const minimum = minimumSeconds({
    calls: run.pages,
    rate: rate * size.scale,
    burst,
    latency: scaled(size).latencyMs / 1000,
  });
  return { job: 'orders', ...run, ...counts, minimum };
}

/** Job 3: the same orders in two windows, one per server process, both sharing one Redis limiter. */
async function twoProcessJob(size, upstream, servers) {
  const counts = tally();
  const run = await measured(upstream, async () => {
    const parts = await Promise.all(servers.map((s, i) => pageOrders(s, counts, size, HALVES[i])));
    return { orders: parts[0].orders + parts[1].orders, pages: parts[0].pages + parts[1].pages };
  });
  const { rate, burst } = DOCUMENTED.getOrders;
  const minimum = minimumSeconds({
    calls: run.pages,
    chains: 2,
    rate: rate * size.scale,
    burst,
    latency: scaled(size).latencyMs / 1000,
  });
  return { job: 'orders, two processes + Redis', ...run, ...counts, minimum };
}

/**
 * A task client as the spec describes one: a task-augmented tools/call, then the task's status from
 * notifications/tasks/status (sent over stdio on every change) or, failing those, tasks/get every
 * `pollInterval` the server suggests; tasks/result once the task has ended.
 */
function taskClient(server) {
  const ended = new Map();
  const waiting = new Map();
  server.client.setNotificationHandler(
    'notifications/tasks/status',
    { params: TaskStatusNotificationParamsSchema },
    (task) => {
      if (!TERMINAL.has(task.status)) return;
      ended.set(task.taskId, task);
      waiting.get(task.taskId)?.(task);
    },
  );
  const get = (taskId) =>
    server.client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
  /** Resolves with the task once it has ended, whichever of a notification or a tasks/get sees it first. */
  async function untilEnded(created) {
    const { taskId } = created;
    let notified;
    const heard = new Promise((resolve) => {
      notified = resolve;
    });
    waiting.set(taskId, notified);
    if (ended.has(taskId)) notified(ended.get(taskId));
    let task = created;
    try {
      while (!TERMINAL.has(task.status)) {
        const pause = new Promise((resolve) => setTimeout(resolve, task.pollInterval ?? 1_000, undefined));
        const first = await Promise.race([heard, pause]);
        task = first ?? (await get(taskId));
      }
      return task;
    } finally {
      waiting.delete(taskId);
    }
  }
  return {
    async run(counts, name, args) {
      counts.calls++;
      const { task } = await server.client.request(
        { method: 'tools/call', params: { name, arguments: args, task: { ttl: 3_600_000 } } },
        CreateTaskResultSchema,
      );
      await untilEnded(task);
      const result = await server.client.request(
        { method: 'tasks/result', params: { taskId: task.taskId } },
        CallToolResultSchema,
        { timeout: 300_000 },
      );
      if (result.isError) {
        counts.failed++;
        const code = JSON.parse(result.content?.[0]?.text ?? '{}').error_code ?? 'no envelope';
        counts.codes[code] = (counts.codes[code] ?? 0) + 1;
        return undefined;
      }
      return result.structuredContent;
    },
  };
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const REPORT_ARGS = { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceIds: ['ATVPDKIKX0DER'] };

/**
 * Job 2: `reports` run_report calls as MCP tasks, all at once (create → getReport until DONE → the
 * document, in the server, at run_report's own poll cadence through the limiter), awaited as a task client
 * awaits them.
 */
async function reportsJob(size, upstream, server) {
  const counts = tally();
  const tasks = taskClient(server);
  // Outside the timed job, as get_report in startSp: run_report's first call (its schema compiled, the mock's
  // createReport validator loaded) creating one report without waiting (one token of createReport's burst 15).
  const warm = await kit.callTool(server.client, 'run_report', { ...REPORT_ARGS, waitSeconds: 0 }, 60_000);
  if (!warm.result) throw new Error(`warm-up run_report failed: ${warm.text.slice(0, 300)}`);
  const run = await measured(upstream, async () => {
    const documents = await Promise.all(
      Array.from({ length: size.reports }, async () => {
        const result = await tasks.run(counts, 'run_report', { ...REPORT_ARGS, waitSeconds: 600 });
        return result?.ready === true;
      }),
    );
    return { documents: documents.filter(Boolean).length };
  });
  const { latencyMs, reportMs } = scaled(size);
  // create, the poll that sees DONE, getReportDocument and the download: four round trips around the report's
  // own processing time (all within the bursts of createReport and getReportDocument; getReport's rate is far
  // above what the polls need).
  const minimum = (reportMs + 4 * latencyMs) / 1000;
  return { job: `${size.reports} reports (MCP tasks)`, ...run, ...counts, minimum };
}

/** Runs the three jobs; every process it starts is stopped before it returns. */
export async function runJobs(size = FULL_SIZE) {
  const upstream = await startUpstream(size);
  const redis = await kit.startRedis();
  const started = [];
  try {
    const one = await startSp(size, upstream);
    started.push(one);
    const orders = await ordersJob(size, upstream, one);
    const reports = await reportsJob(size, upstream, one);
    await one.close();
    started.length = 0;
    // A fresh pair on a fresh Redis: the upstream's getOrders bucket refills while they start.
    const shared = { OBMCP_REDIS_URL: redis.url, OBMCP_REDIS_KEY_PREFIX: `obmcp-jobs-${process.pid}` };
    const pair = await Promise.all([startSp(size, upstream, shared), startSp(size, upstream, shared)]);
    started.push(...pair);
    await new Promise((resolve) => setTimeout(resolve, refillMs(size)));
    const two = await twoProcessJob(size, upstream, pair);
    return { size, jobs: [orders, reports, two] };
  } finally {
    await Promise.all(started.map((s) => s.close()));
    await redis.kill();
    upstream.stop();
  }
}

/** Time for the upstream's getOrders bucket to be full again after job 1 (burst / scaled rate), plus a margin. */
function refillMs(size) {
  const { rate, burst } = DOCUMENTED.getOrders;
  return Math.ceil((burst / (rate * size.scale)) * 1000) + 200;
}

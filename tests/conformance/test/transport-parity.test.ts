// Transport parity: the same conformance run gives the same checks and outcomes over every transport. Every app:
// in-memory vs Streamable HTTP on loopback (both in process); one app as real processes: stdio vs --http.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type AppName,
  APPS,
  appEntry,
  directFetch,
  MOCKS_PRELOAD,
  REPO_ROOT,
  startHttp,
  startHttpInProcess,
  startInProcess,
  startServer,
  type TestServer,
} from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { type ConformanceRun, runConformance } from '../src/index.js';
import { CALL_TIMEOUT_MS, PROFILES } from './support/apps.js';
import { appObject } from './support/app-objects.js';

/** The app whose stdio and HTTP processes are compared (framing and the child's HTTP server; the others in process). */
const PROCESS_APP: AppName = 'sp-mcp';

const outcomes = (run: ConformanceRun) => run.report.checks.map((c) => `${c.status} ${c.id}`).sort();

const check = (client: Client, app: AppName) =>
  runConformance(client, { prefix: PROFILES[app].prefix, callTimeoutMs: CALL_TIMEOUT_MS });

async function overServer(app: AppName, start: () => Promise<TestServer>): Promise<ConformanceRun> {
  const server = await start();
  try {
    return await check(server.client, app);
  } finally {
    await server.close();
  }
}

async function overHttpUrl(app: AppName, url: string): Promise<ConformanceRun> {
  const client = new Client({ name: 'obmcp-transport-parity', version: '0.1.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: directFetch }));
    return await check(client, app);
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function overHttpInProcess(app: AppName): Promise<ConformanceRun> {
  const http = await startHttpInProcess({ app: await appObject(app), env: PROFILES[app].env });
  try {
    return await overHttpUrl(app, http.url);
  } finally {
    await http.close();
  }
}

async function overHttpProcess(app: AppName): Promise<ConformanceRun> {
  const http = await startHttp(
    ['--import', MOCKS_PRELOAD, appEntry(app)],
    REPO_ROOT,
    120_000,
    PROFILES[app].env,
  );
  try {
    return await overHttpUrl(app, http.url);
  } finally {
    await http.stop();
  }
}

function expectParity(http: ConformanceRun, other: ConformanceRun): void {
  expect(
    http.report.failed,
    JSON.stringify(http.report.checks.filter((c) => c.status === 'fail')).slice(0, 800),
  ).toBe(0);
  expect(outcomes(http)).toEqual(outcomes(other));
  expect(http.advertisedKinds).toEqual(other.advertisedKinds);
  expect(http.contract).toEqual(other.contract);
}

describe.each(APPS)('%s over both transports', (app) => {
  it('passes the same conformance checks with the same outcomes (in process)', {
    timeout: 300_000,
  }, async () => {
    // One after the other: the two servers share this process's mocks and thread.
    const memory = await overServer(app, async () =>
      startInProcess({ app: await appObject(app), env: PROFILES[app].env }),
    );
    expectParity(await overHttpInProcess(app), memory);
  });
});

describe(`${PROCESS_APP} as real processes`, () => {
  it('stdio and --http pass the same conformance checks with the same outcomes', {
    timeout: 300_000,
  }, async () => {
    const [stdio, http] = await Promise.all([
      overServer(PROCESS_APP, () =>
        startServer({ app: PROCESS_APP, env: PROFILES[PROCESS_APP].env, timeoutMs: 120_000 }),
      ),
      overHttpProcess(PROCESS_APP),
    ]);
    expectParity(http, stdio);
  });
});

// Streamable HTTP vs stdio: the same conformance run gives the same checks and outcomes on each app.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type AppName,
  APPS,
  appEntry,
  MOCKS_PRELOAD,
  REPO_ROOT,
  startHttp,
  startServer,
} from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { type ConformanceRun, runConformance } from '../src/index.js';
import { CALL_TIMEOUT_MS, PROFILES } from './support/apps.js';

const outcomes = (run: ConformanceRun) => run.report.checks.map((c) => `${c.status} ${c.id}`).sort();

async function overStdio(app: AppName): Promise<ConformanceRun> {
  const server = await startServer({ app, env: PROFILES[app].env, timeoutMs: 120_000 });
  try {
    return await runConformance(server.client, {
      prefix: PROFILES[app].prefix,
      callTimeoutMs: CALL_TIMEOUT_MS,
    });
  } finally {
    await server.close();
  }
}

async function overHttp(app: AppName): Promise<ConformanceRun> {
  const http = await startHttp(
    ['--import', MOCKS_PRELOAD, appEntry(app)],
    REPO_ROOT,
    120_000,
    PROFILES[app].env,
  );
  const client = new Client({ name: 'obmcp-transport-parity', version: '0.1.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    return await runConformance(client, { prefix: PROFILES[app].prefix, callTimeoutMs: CALL_TIMEOUT_MS });
  } finally {
    await client.close().catch(() => undefined);
    await http.stop();
  }
}

describe.each(APPS)('%s over both transports', (app) => {
  it('passes the same conformance checks with the same outcomes', { timeout: 300_000 }, async () => {
    const [stdio, http] = await Promise.all([overStdio(app), overHttp(app)]);
    expect(
      http.report.failed,
      JSON.stringify(http.report.checks.filter((c) => c.status === 'fail')).slice(0, 800),
    ).toBe(0);
    expect(outcomes(http)).toEqual(outcomes(stdio));
    expect(http.advertisedKinds).toEqual(stdio.advertisedKinds);
    expect(http.contract).toEqual(stdio.contract);
  });
});

// Canary credentials never surface over stdio: not in results, envelopes or stderr logs (debug level, faults).
import { describe, expect, it } from 'vitest';
import { findCanaries } from '../src/canaries.js';
import { listTools } from '../src/fuzz/run.js';
import { fuzzTargets } from '../src/fuzz/tool-selection.js';
import { firstExample } from '../src/fuzz/tool-selection.js';
import { APPS, type AppName, spawnApp } from '../src/servers.js';

const DEBUG_LOGS = { SP_API_LOG_LEVEL: 'debug', MCP_LOG_LEVEL: 'debug', OPENBRIDGE_LOG_LEVEL: 'debug' };
const SCENARIOS: Record<string, Record<string, string>> = {
  normal: {},
  'auth fault http_401': { OBMCP_MOCK_AUTH_FAULT: 'http_401' },
  'api fault http_403': { OBMCP_MOCK_FAULT: 'http_403' },
};

async function leaksOf(app: AppName, env: Record<string, string>): Promise<string[]> {
  const server = await spawnApp(app, { env: { ...DEBUG_LOGS, ...env } });
  const texts: string[] = [];
  for (const tool of fuzzTargets(await listTools(server))) {
    const answer = await server.callToolText(tool.name, JSON.stringify(firstExample(tool)), 30_000);
    texts.push(`${tool.name}: ${JSON.stringify(answer)}`);
  }
  await server.close();
  return [...texts, ...server.stderrLines.map((l) => `stderr: ${l}`), ...server.stdoutLines].flatMap(
    findCanaries,
  );
}

describe.each(APPS)('canaries over stdio %s', (app) => {
  it('no canary in any answer or log line, with and without faults', async () => {
    const results = await Promise.all(
      Object.entries(SCENARIOS).map(async ([name, env]) => [name, await leaksOf(app, env)] as const),
    );
    for (const [name, leaks] of results) expect(leaks, `${app} / ${name}`).toEqual([]);
  });
});

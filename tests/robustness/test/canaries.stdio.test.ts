// Canary credentials never surface over stdio: not in results, envelopes or stderr logs (debug level, faults).
import { createFaultSwitch } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { describe, expect, it } from 'vitest';
import { findCanaries } from '../src/canaries.js';
import { listTools } from '../src/fuzz/run.js';
import { firstExample, fuzzTargets } from '../src/fuzz/tool-selection.js';
import type { RawServer } from '../src/raw-stdio.js';
import { APPS, type AppName, spawnApp } from '../src/servers.js';

const DEBUG_LOGS = { OBMCP_LOG_LEVEL: 'debug' };

/**
 * The scenarios in one process per app, switched by fault files. The auth fault runs first (no token is
 * cached yet, so every exchange meets it), then the API fault, then no fault.
 */
const SCENARIOS: ReadonlyArray<[string, { auth: FaultScenario | 'none'; api: FaultScenario | 'none' }]> = [
  ['auth fault http_401', { auth: 'http_401', api: 'none' }],
  ['api fault http_403', { auth: 'none', api: 'http_403' }],
  ['normal', { auth: 'none', api: 'none' }],
];

/** Every fuzz target once with its first example, all at once (the scenario holds until every answer is in). */
async function answerTexts(server: RawServer): Promise<string[]> {
  const tools = fuzzTargets(await listTools(server));
  return Promise.all(
    tools.map(async (tool) => {
      const answer = await server.callToolText(tool.name, JSON.stringify(firstExample(tool)), 30_000);
      return `${tool.name}: ${JSON.stringify(answer)}`;
    }),
  );
}

describe.each(APPS)('canaries over stdio %s', (app: AppName) => {
  it('no canary in any answer or log line, with and without faults', async () => {
    const auth = createFaultSwitch('auth');
    const api = createFaultSwitch('api');
    try {
      const server = await spawnApp(app, { env: { ...DEBUG_LOGS, ...auth.env, ...api.env } });
      const answers: Array<[string, string[]]> = [];
      for (const [name, faults] of SCENARIOS) {
        auth.set(faults.auth);
        api.set(faults.api);
        answers.push([name, await answerTexts(server)]);
      }
      await server.close();
      for (const [name, texts] of answers)
        expect(texts.flatMap(findCanaries), `${app} / ${name}`).toEqual([]);
      const output = [...server.stderrLines.map((l) => `stderr: ${l}`), ...server.stdoutLines];
      expect(output.flatMap(findCanaries), `${app} / logs`).toEqual([]);
    } finally {
      auth.dispose();
      api.dispose();
    }
  });
});

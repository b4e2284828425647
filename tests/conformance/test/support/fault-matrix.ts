// One server per fault scenario; every read-only upstream tool called with its first example.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AppName } from '@obmcp/test-kit';
import type { FAULT_SCENARIOS, FaultScenario } from '@obmcp/upstream-mocks';
import { type CallOutcome, invokeTool, listAllTools, mapLimit } from '../../src/index.js';
import { objectExamples } from '../../src/cases/schema-nav.js';
import { PROFILES } from './apps.js';
import { withServer } from './servers.js';
import { upstreamReadTools } from './upstream-tools.js';

export interface FaultCall {
  scenario: FaultScenario;
  tool: string;
  args: Record<string, unknown>;
  outcome: CallOutcome;
}

export interface ScenarioRun {
  scenario: FaultScenario;
  calls: FaultCall[];
  /** Tools that reach upstream (empty: nothing to test). */
  tools: string[];
}

export type Scenarios = typeof FAULT_SCENARIOS;

export async function runScenario(app: AppName, scenario: FaultScenario): Promise<ScenarioRun> {
  // Short upstream timeout for `timeout`; every other scenario answers at once, within the app's mock-mode timeout.
  const env: Record<string, string> = { OBMCP_MOCK_FAULT: scenario };
  if (scenario === 'timeout') env[PROFILES[app].timeoutEnv] = '400';
  return withServer(app, env, async ({ client }) => {
    const tools: Tool[] = upstreamReadTools(await listAllTools(client));
    // The mocks load their spec engine (every SP/Ads spec) on the first upstream request, synchronously:
    // on a loaded machine that can outlast a timeout. One call first, outcome ignored, so no checked
    // call's result depends on it. Not before a 429: its Retry-After would close the (shared) limiter
    // bucket, and the checked calls must meet the upstream's 429 itself.
    const first = tools[0];
    if (first && !scenario.startsWith('http_429'))
      await invokeTool(client, first.name, objectExamples(first)[0] ?? {}, 60_000);
    const calls = await mapLimit(tools, 6, async (tool) => {
      const args = objectExamples(tool)[0] ?? {};
      const outcome = await invokeTool(client, tool.name, args, 60_000);
      return { scenario, tool: tool.name, args, outcome };
    });
    return { scenario, calls, tools: tools.map((t) => t.name) };
  });
}

// The fault matrix of one app in a few servers: a fault switch flips OBMCP_MOCK_FAULT between scenarios, and
// every read-only upstream tool is called with its first example under each scenario.
import type { Tool } from '@modelcontextprotocol/client';
import { type AppName, createFaultSwitch } from '@obmcp/test-kit';
import { FAULT_SCENARIOS, type FaultScenario } from '@obmcp/upstream-mocks';
import { objectExamples, propertiesOf } from '../../src/cases/schema-nav.js';
import { type CallOutcome, invokeTool, listAllTools, mapLimit } from '../../src/index.js';
import { type AppProfile, CALL_TIMEOUT_MS, PROFILES } from './apps.js';
import { expectedFault } from './fault-expectations.js';
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

/** Scenarios that share one server, in order, and the extra env of that server. */
export interface FaultSession {
  scenarios: FaultScenario[];
  env: Record<string, string>;
}

/**
 * A test-only limiter rule roomy enough for every tool to be called once per scenario (plus retries) in one
 * server: the documented plans allow one call per minute for some SP operations.
 */
const SESSION_ENV = { OBMCP_MOCK_RATE_LIMIT: '1000/1000' };

/** A 429 with Retry-After blocks the limiter bucket until then (Openbridge: the one per-IP bucket, 60 s). */
function penalizes(p: AppProfile, scenario: FaultScenario): boolean {
  const expected = expectedFault(p, scenario);
  return expected.type === 'error' && expected.kind === 'rate_limited' && expected.retryAfter !== undefined;
}

/**
 * Which scenarios share a server. Every scenario that leaves no state behind runs in one server; a 429
 * with Retry-After runs last in its server (the next calls would meet the blocked bucket, not the
 * upstream), so a second one gets a server of its own; `timeout` gets the short upstream timeout (400 ms,
 * in the UPSTREAM_TIMEOUT fixture) in a server of its own, so no other scenario races it.
 */
export function faultSessions(p: AppProfile): FaultSession[] {
  const quiet = FAULT_SCENARIOS.filter((s) => s !== 'timeout' && !penalizes(p, s));
  const [firstPenalty, ...morePenalties] = FAULT_SCENARIOS.filter((s) => penalizes(p, s));
  return [
    { scenarios: firstPenalty ? [...quiet, firstPenalty] : quiet, env: {} },
    ...morePenalties.map((s) => ({ scenarios: [s], env: {} })),
    { scenarios: ['timeout'], env: { [p.timeoutEnv]: '400' } },
  ];
}

/**
 * A tool's own deadline argument (an integer `timeout_seconds` or `timeout_ms`, as Openbridge's execute_query has)
 * set to the smallest value its schema allows: under the `timeout` fault the call still has to end as
 * UPSTREAM_TIMEOUT, without waiting out the default (30 s for execute_query).
 */
export function withShortestDeadline(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  const deadline = propertiesOf(tool.inputSchema).find(
    ([key, schema]) =>
      (key === 'timeout_seconds' || key === 'timeout_ms') &&
      schema.type === 'integer' &&
      typeof schema.minimum === 'number',
  );
  return deadline ? { ...args, [deadline[0]]: deadline[1].minimum } : args;
}

/** Every tool called with its first example, at most `concurrency` at once (results in tool order). */
export const callEvery = (
  client: Parameters<typeof invokeTool>[0],
  tools: readonly Tool[],
  concurrency: number,
  argsOf: (tool: Tool, example: Record<string, unknown>) => Record<string, unknown> = (_tool, example) =>
    example,
): Promise<Array<Omit<FaultCall, 'scenario'>>> =>
  mapLimit(tools, concurrency, async (tool) => {
    const args = argsOf(tool, objectExamples(tool)[0] ?? {});
    return { tool: tool.name, args, outcome: await invokeTool(client, tool.name, args, CALL_TIMEOUT_MS) };
  });

/**
 * Every tool called under `scenario`. Scenarios whose calls mostly wait (the upstream timeout per attempt, or a
 * Retry-After before each retry) call every tool at once instead of six at a time; under `timeout` a tool's own
 * deadline argument is at its minimum (withShortestDeadline).
 */
export function callUnderFault(
  client: Parameters<typeof invokeTool>[0],
  tools: readonly Tool[],
  p: AppProfile,
  scenario: FaultScenario,
): Promise<Array<Omit<FaultCall, 'scenario'>>> {
  const expected = expectedFault(p, scenario);
  const waits = scenario === 'timeout' || (expected.type === 'error' && expected.retryAfter !== undefined);
  return callEvery(
    client,
    tools,
    waits ? tools.length : 6,
    scenario === 'timeout' ? withShortestDeadline : undefined,
  );
}

/** One server for `session`: a warm-up pass without a fault, then each scenario over every tool. */
export async function runFaultSession(app: AppName, session: FaultSession): Promise<ScenarioRun[]> {
  const faultSwitch = createFaultSwitch();
  try {
    const env = { ...SESSION_ENV, ...session.env, ...faultSwitch.env };
    return await withServer(app, env, async ({ client }) => {
      const tools: Tool[] = upstreamReadTools(await listAllTools(client));
      // The mocks load their spec engine and each API's spec on first use (synchronously): on a loaded
      // machine that can outlast a timeout. One pass without a fault first, outcomes ignored, so no checked
      // call's result depends on it (and, with no fault, it leaves no Retry-After behind).
      await callEvery(client, tools, 6);
      const runs: ScenarioRun[] = [];
      for (const scenario of session.scenarios) {
        faultSwitch.set(scenario);
        const calls = await callUnderFault(client, tools, PROFILES[app], scenario);
        runs.push({
          scenario,
          calls: calls.map((c) => ({ scenario, ...c })),
          tools: tools.map((t) => t.name),
        });
      }
      faultSwitch.set('none');
      return runs;
    });
  } finally {
    faultSwitch.dispose();
  }
}

/** A scenario's run, or why its server failed (the shape of app-run's `Part`). */
export type ScenarioPart = { scenario: FaultScenario } & (
  | { value: ScenarioRun; error?: undefined }
  | { error: string; value?: undefined }
);

/** Every scenario of `app`, in FAULT_SCENARIOS order. */
export async function runFaultMatrix(app: AppName): Promise<ScenarioPart[]> {
  const sessions = faultSessions(PROFILES[app]);
  const settled = await Promise.all(
    sessions.map((session) =>
      runFaultSession(app, session).then(
        (runs) => ({ runs }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      ),
    ),
  );
  return FAULT_SCENARIOS.map((scenario): ScenarioPart => {
    const result = settled[sessions.findIndex((s) => s.scenarios.includes(scenario))];
    if (!result || 'error' in result)
      return { scenario, error: result?.error ?? `${scenario}: in no session` };
    const value = result.runs.find((r) => r.scenario === scenario);
    return value ? { scenario, value } : { scenario, error: `${scenario}: did not run` };
  });
}

// One server per generator-built app (every toolset, writes on, a fault switch): the library checks with
// lean generated bad input over EVERY tool, then the fault matrix over one tool from every API.
import type { Tool } from '@modelcontextprotocol/client';
import { type AppName, createFaultSwitch } from '@obmcp/test-kit';
import { FAULT_SCENARIOS, type FaultScenario } from '@obmcp/upstream-mocks';
import { type CallOutcome, type CaseKind, type ConformanceRun, runConformance } from '../../src/index.js';
import { CALL_TIMEOUT_MS, PROFILES } from './apps.js';
import { callEvery, callUnderFault } from './fault-matrix.js';
import { onePerApi } from './operation-sample.js';
import { withServer } from './servers.js';

export const GENERATED_APPS = ['sp-mcp', 'ads-mcp'] as const satisfies readonly AppName[];
export type GeneratedApp = (typeof GENERATED_APPS)[number];

/** A few cases per tool, each chosen from the tool's own schema (skipped where the schema lacks the feature). */
export const LEAN_CASES: readonly CaseKind[] = ['missing_required', 'wrong_type', 'unknown_key', 'enum_miss'];

/** The 429s last: a Retry-After blocks the tool's limiter bucket, which would then answer the next scenario. */
export const FAULT_ORDER: readonly FaultScenario[] = [
  ...FAULT_SCENARIOS.filter((s) => !s.startsWith('http_429')),
  'http_429',
  'http_429_retry_after',
];

const EVERY_TOOL: Record<GeneratedApp, Record<string, string>> = {
  'sp-mcp': { SP_API_TOOLSETS: 'all', SP_API_ENABLE_WRITES: 'true' },
  'ads-mcp': { ADS_API_TOOLSETS: 'all', ADS_API_ENABLE_WRITES: 'true' },
};

/**
 * Code Mode off (the product tools only); a test-only limiter rule roomy enough for one sampled tool to be
 * called once per scenario (the documented plans allow one call per minute for some operations).
 */
const SERVER_ENV = { CODE_MODE: 'off', OBMCP_MOCK_RATE_LIMIT: '1000/1000' };

export interface SampleCall {
  api: string;
  tool: string;
  outcome: CallOutcome;
}

export interface GeneratedRun {
  app: GeneratedApp;
  /** Library checks: capabilities, contract tool, tool shapes (examples validate), bad input, unknown tool. */
  checks: ConformanceRun;
  /** api → the sampled tool's name. */
  sample: Map<string, string>;
  /** Each sampled tool's first example without a fault. */
  baseline: SampleCall[];
  faults: Map<FaultScenario, SampleCall[]>;
  /** Wall time of each phase (reported with OBMCP_CONFORMANCE_DEBUG=1). */
  ms: { checks: number; baseline: number; faults: number };
}

/** The sampled tools called without a fault (`scenario` undefined) or under one, as the app matrix calls them. */
async function callSample(
  client: Parameters<typeof callEvery>[0],
  app: GeneratedApp,
  sample: ReadonlyArray<readonly [string, Tool]>,
  scenario?: FaultScenario,
): Promise<SampleCall[]> {
  const tools = sample.map(([, tool]) => tool);
  const calls = await (scenario === undefined
    ? callEvery(client, tools, 4)
    : callUnderFault(client, tools, PROFILES[app], scenario));
  return calls.map(({ tool, outcome }, i) => ({ api: sample[i]?.[0] ?? '', tool, outcome }));
}

export async function runGenerated(app: GeneratedApp): Promise<GeneratedRun> {
  const faultSwitch = createFaultSwitch();
  try {
    // A 5 s upstream timeout, not the suite's 30 s (PROFILES in apps.ts): the `timeout` scenario waits it out (all
    // its calls at once), and it still leaves room for the mocks' first spec loads (the warm-up pass makes them).
    const env = { ...SERVER_ENV, ...EVERY_TOOL[app], [PROFILES[app].timeoutEnv]: '5000', ...faultSwitch.env };
    return await withServer(app, env, async ({ client }) => {
      let mark = Date.now();
      const lap = () => {
        const now = Date.now();
        const elapsed = now - mark;
        mark = now;
        return elapsed;
      };
      const checks = await runConformance(client, {
        prefix: PROFILES[app].prefix,
        sections: ['capabilities', 'contract_tool', 'tools', 'bad_input', 'unknown_tool'],
        cases: LEAN_CASES,
        probe: 'all',
        execute: 'none',
        concurrency: 4,
        callTimeoutMs: CALL_TIMEOUT_MS,
      });
      const checksMs = lap();
      const sample = [...onePerApi(checks.tools).entries()];
      if (sample.length === 0) throw new Error('no listed tool declares _meta["io.obmcp/operation"]');
      // The mocks load their spec engine and each API's spec on first use: a warm-up pass (not judged) loads
      // them, then the baseline pass must succeed.
      await callSample(client, app, sample);
      const baseline = await callSample(client, app, sample);
      const baselineMs = lap();
      const faults = new Map<FaultScenario, SampleCall[]>();
      for (const scenario of FAULT_ORDER) {
        faultSwitch.set(scenario);
        faults.set(scenario, await callSample(client, app, sample, scenario));
      }
      faultSwitch.set('none');
      return {
        app,
        checks,
        sample: new Map(sample.map(([api, tool]) => [api, tool.name])),
        baseline,
        faults,
        ms: { checks: checksMs, baseline: baselineMs, faults: lap() },
      };
    });
  } finally {
    faultSwitch.dispose();
  }
}

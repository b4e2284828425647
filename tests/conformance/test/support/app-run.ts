// Everything the suite needs from one app, gathered up front (servers in parallel, assertions later).
import type { AppName } from '@obmcp/test-kit';
import { FAULT_SCENARIOS } from '@obmcp/upstream-mocks';
import { type CaseKind, type ConformanceRun, runConformance } from '../../src/index.js';
import { PROFILES } from './apps.js';
import { type CodeModeRun, runCodeMode } from './code-mode.js';
import { runScenario, type ScenarioRun } from './fault-matrix.js';
import { withServer } from './servers.js';

/** The cases whose outcome the env switches change. */
export const SWITCH_CASES: readonly CaseKind[] = ['case_mismatch', 'scalar_for_array', 'unknown_key'];

export interface AppRun {
  app: AppName;
  /** Default env: every library check; bad input to every tool, valid calls to read-only tools. */
  main: ConformanceRun;
  /** MCP_SCHEMA_KEY_NORMALIZATION_META=true + MCP_STRICT_UNKNOWN_FIELDS=false. */
  metaLoose: ConformanceRun;
  /** MCP_SCHEMA_KEY_NORMALIZATION_ENABLED=false (+ META on, which must then stay silent). */
  normalizationOff: ConformanceRun;
  faults: ScenarioRun[];
  codeMode: CodeModeRun;
}

const run = (app: AppName, env: Record<string, string>, cases?: readonly CaseKind[]) =>
  withServer(app, env, ({ client }) =>
    runConformance(client, {
      prefix: PROFILES[app].prefix,
      execute: 'read-only',
      probe: 'all',
      concurrency: 4,
      ...(cases ? { cases, sections: ['contract_tool', 'bad_input'] as const } : {}),
    }),
  );

export async function runApp(app: AppName): Promise<AppRun> {
  const [main, metaLoose, normalizationOff, codeMode, ...faults] = await Promise.all([
    run(app, {}),
    run(app, { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true', MCP_STRICT_UNKNOWN_FIELDS: 'false' }, SWITCH_CASES),
    run(app, { MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false', MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' }, SWITCH_CASES),
    runCodeMode(app),
    ...FAULT_SCENARIOS.map((s) => runScenario(app, s)),
  ]);
  return { app, main, metaLoose, normalizationOff, codeMode, faults: faults as ScenarioRun[] };
}

// Everything the suite needs from one app, gathered up front (servers in parallel, assertions later).
import type { Client } from '@modelcontextprotocol/client';
import type { AppName } from '@obmcp/test-kit';
import {
  type CaseKind,
  CRASH_CANARY,
  type ConformanceRun,
  runConformance,
  TEST_HOOK_CHECK,
} from '../../src/index.js';
import { CALL_TIMEOUT_MS, PROFILES } from './apps.js';
import { type CodeModeRun, probeCodeMode } from './code-mode.js';
import { runFaultMatrix, type ScenarioPart } from './fault-matrix.js';
import { withServer } from './servers.js';

/** The cases whose outcome the env switches change. */
export const SWITCH_CASES: readonly CaseKind[] = ['case_mismatch', 'scalar_for_array', 'unknown_key'];

/** One part of an app's run: its value, or why it could not be gathered (reported by the test that needs it). */
export type Part<T> = { value: T; error?: undefined } | { error: string; value?: undefined };

export async function settle<T>(work: Promise<T>): Promise<Part<T>> {
  try {
    return { value: await work };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The value of a part, or a thrown error naming what failed (fails only the test that needs it). */
export function must<T>(part: Part<T>): T {
  if (part.error !== undefined) throw new Error(part.error);
  return part.value as T;
}

export interface AppRun {
  app: AppName;
  /** Default env: every library check; bad input to every tool, valid calls to read-only tools. */
  main: Part<ConformanceRun>;
  /** MCP_SCHEMA_KEY_NORMALIZATION_META=true + MCP_STRICT_UNKNOWN_FIELDS=false. */
  metaLoose: Part<ConformanceRun>;
  /** MCP_SCHEMA_KEY_NORMALIZATION_ENABLED=false (+ META on, which must then stay silent). */
  normalizationOff: Part<ConformanceRun>;
  /** The fault matrix: one part per scenario (a few servers, the fault switched between scenarios). */
  faults: ScenarioPart[];
  codeMode: Part<CodeModeRun>;
  /** The default-env server's stderr lines that carry the test hook's crash canary. */
  crashLog: Part<string[]>;
}

const check = (client: Client, app: AppName, cases?: readonly CaseKind[]) =>
  runConformance(client, {
    prefix: PROFILES[app].prefix,
    execute: 'read-only',
    probe: 'all',
    concurrency: 4,
    callTimeoutMs: CALL_TIMEOUT_MS,
    ...(cases ? { cases, sections: ['contract_tool', 'bad_input'] as const } : {}),
  });

const run = (app: AppName, env: Record<string, string>, cases?: readonly CaseKind[]) =>
  withServer(app, env, ({ client }) => check(client, app, cases));

/** The server's stderr lines with the crash canary (waits briefly: stderr is read asynchronously). */
async function canaryLines(stderr: () => string, crashed: boolean): Promise<string[]> {
  const lines = () =>
    stderr()
      .split('\n')
      .filter((l) => l.includes(CRASH_CANARY));
  for (let i = 0; crashed && i < 40 && lines().length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return lines();
}

/** The default-env server also runs the Code Mode probe (Code Mode is on by default) and the crash hook. */
const runMain = (app: AppName) =>
  withServer(app, {}, async ({ client, stderr }) => {
    const main = await check(client, app);
    const codeMode = await settle(probeCodeMode(client, main.tools));
    const crashed = main.observations.some((o) => o.check === TEST_HOOK_CHECK);
    return { main, codeMode, crashLog: await settle(canaryLines(stderr, crashed)) };
  });

export async function runApp(app: AppName): Promise<AppRun> {
  const [first, metaLoose, normalizationOff, faults] = await Promise.all([
    settle(runMain(app)),
    settle(
      run(
        app,
        { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true', MCP_STRICT_UNKNOWN_FIELDS: 'false' },
        SWITCH_CASES,
      ),
    ),
    settle(
      run(
        app,
        { MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false', MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' },
        SWITCH_CASES,
      ),
    ),
    runFaultMatrix(app),
  ]);
  const main: Part<ConformanceRun> =
    first.error !== undefined ? { error: first.error } : { value: first.value.main };
  const codeMode: Part<CodeModeRun> =
    first.error !== undefined ? { error: first.error } : first.value.codeMode;
  const crashLog: Part<string[]> = first.error !== undefined ? { error: first.error } : first.value.crashLog;
  return { app, main, metaLoose, normalizationOff, codeMode, faults, crashLog };
}

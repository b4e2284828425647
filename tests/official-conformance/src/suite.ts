// One spec version of the suite against one server URL: every scenario of that version, plus the Tasks extension's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SpecVersion } from './expected.js';
import { readResults, type ScenarioResult } from './results.js';
import { runCli } from './run-cli.js';

export interface Suite {
  node: string;
  cli: string;
  cwd: string;
  timeoutMs: number;
}

/** The suite's Tasks extension scenarios (`list --server`: `- tasks-… [extension]`); off the spec timeline. */
export async function tasksScenarios(suite: Suite): Promise<string[]> {
  const run = await runCli(suite.node, suite.cli, ['list', '--server'], suite.cwd, suite.timeoutMs);
  if (run.status !== 0) throw new Error(`conformance list failed:\n${run.output}`);
  return [...run.output.matchAll(/^\s*- (tasks-[\w-]+) \[extension\]/gm)].map((m) => m[1] ?? '');
}

export interface SuiteRun {
  results: ScenarioResult[];
  /** Set when the CLI itself broke (timeout, no summary): the run cannot be judged. */
  error?: string;
}

/**
 * 2025-11-25: `server --suite all --spec-version 2025-11-25` (pending scenarios included: the suite marks a
 * scenario pending when its own reference server fails it). 2026-07-28: `server --requirements 2026-07-28`, which
 * runs that revision's wire and exactly its scenarios (the same list as `--suite all --spec-version 2026-07-28`)
 * plus the Tasks extension's, forced (`--spec-version` never selects an extension; one process per scenario with
 * `--force` costs ~1 s of CPU each). Exit codes are ignored: the checks.json files are judged instead.
 */
export async function runVersion(
  suite: Suite,
  url: string,
  version: SpecVersion,
  outDir: string,
  extensions: string[],
): Promise<SuiteRun> {
  mkdirSync(outDir, { recursive: true });
  const select =
    version === '2026-07-28' ? ['--requirements', version] : ['--suite', 'all', '--spec-version', version];
  const args = ['server', '--url', url, ...select, '-o', outDir];
  const run = await runCli(suite.node, suite.cli, args, suite.cwd, suite.timeoutMs);
  const mustHave = version === '2026-07-28' ? extensions : [];
  const results = readResults(outDir, [run.output], mustHave);
  if (run.timedOut) return { results, error: `no answer within ${suite.timeoutMs} ms` };
  if (!run.output.includes('=== SUMMARY ===')) {
    return { results, error: `exit ${run.status}\n${run.output.slice(-2000)}` };
  }
  return { results };
}

export const outDirFor = (root: string, target: string, version: SpecVersion) => join(root, target, version);

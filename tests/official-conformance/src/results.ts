// Reads the suite's per-scenario checks.json files (`-o <dir>`) and counts them the way its baseline does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Check {
  id: string;
  status: string;
  errorMessage?: string;
  details?: unknown;
}

export interface ScenarioResult {
  scenario: string;
  checks: Check[];
}

/** `server-<scenario>-2026-12-06T19-33-47-827Z` → `<scenario>`. */
export function scenarioOfDir(dir: string): string | undefined {
  return /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dir)?.[1];
}

/** The scenario names of the suite's `=== SUMMARY ===` lines (`✓ name: 2 passed, 0 failed`). */
export function summaryScenarios(output: string): string[] {
  const at = output.lastIndexOf('=== SUMMARY ===');
  if (at < 0) return [];
  const names: string[] = [];
  for (const line of output.slice(at).split('\n')) {
    const m = /^[✓✗]\s+(\S+):\s+\d+ passed, \d+ failed/.exec(line.trim());
    if (m?.[1]) names.push(m[1]);
  }
  return names;
}

/**
 * Every scenario the suite reported in `outputs` with its checks. A scenario in a summary without a checks.json
 * (it crashed), or a `mustHave` scenario without one, gets one failed check named after it, so it can never read
 * as a pass.
 */
export function readResults(outDir: string, outputs: string[], mustHave: string[] = []): ScenarioResult[] {
  const byScenario = new Map<string, Check[]>();
  if (existsSync(outDir)) {
    for (const dir of readdirSync(outDir)) {
      const scenario = scenarioOfDir(dir);
      const file = join(outDir, dir, 'checks.json');
      if (scenario === undefined || !existsSync(file)) continue;
      byScenario.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
    }
  }
  return readResultsFromOutputs(outputs, mustHave, byScenario);
}

/** readResults without the directory: the checks already read, completed from the summaries and `mustHave`. */
export function readResultsFromOutputs(
  outputs: string[],
  mustHave: string[],
  byScenario: Map<string, Check[]> = new Map(),
): ScenarioResult[] {
  for (const name of [...outputs.flatMap(summaryScenarios), ...mustHave]) {
    if (!byScenario.has(name)) {
      byScenario.set(name, [
        { id: name, status: 'FAILURE', errorMessage: 'no checks.json (scenario crashed)' },
      ]);
    }
  }
  return [...byScenario.entries()]
    .map(([scenario, checks]) => ({ scenario, checks }))
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
}

/** FAILURE and WARNING fail (as in the suite's own baseline); SUCCESS passes; INFO and SKIPPED say nothing. */
export const isFailed = (c: Check): boolean => c.status === 'FAILURE' || c.status === 'WARNING';

/** One entry per check id, the most severe occurrence winning (the suite's collapseDuplicateChecks). */
export function collapse(checks: Check[]): Check[] {
  const severity = (s: string): number =>
    s === 'FAILURE' ? 3 : s === 'WARNING' ? 2 : s === 'SUCCESS' ? 1 : 0;
  const winner = new Map<string, Check>();
  for (const c of checks) {
    if (c.status === 'INFO') continue;
    const cur = winner.get(c.id);
    if (cur === undefined || severity(c.status) >= severity(cur.status)) winner.set(c.id, c);
  }
  return [...winner.values()];
}

export interface Counts {
  scenariosPassed: number;
  scenariosFailed: number;
  checksPassed: number;
  checksFailed: number;
}

export function countResults(results: ScenarioResult[]): Counts {
  const counts: Counts = { scenariosPassed: 0, scenariosFailed: 0, checksPassed: 0, checksFailed: 0 };
  for (const r of results) {
    const checks = collapse(r.checks);
    const failed = checks.filter(isFailed).length;
    counts.checksFailed += failed;
    counts.checksPassed += checks.filter((c) => c.status === 'SUCCESS').length;
    if (failed > 0) counts.scenariosFailed++;
    else counts.scenariosPassed++;
  }
  return counts;
}

/** Scenarios that "passed" without a single successful check (a fixture-driven scenario that found nothing to do). */
export function vacuousPasses(results: ScenarioResult[]): string[] {
  return results
    .filter((r) => {
      const checks = collapse(r.checks);
      return !checks.some(isFailed) && !checks.some((c) => c.status === 'SUCCESS');
    })
    .map((r) => r.scenario);
}

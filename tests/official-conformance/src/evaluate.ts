// Results against the expected failures: unexpected failures and stale entries (expected but passing) both fail.
import type { Entry } from './expected.js';
import { type Check, collapse, isFailed, type ScenarioResult } from './results.js';

export interface Verdict {
  /** `scenario` or `scenario:check` that failed without an entry, with the first error message. */
  unexpected: string[];
  /** Entries whose scenario (or check) passed: remove them from expected-failures.yml. */
  stale: string[];
  /** Entries that failed as expected. */
  expected: string[];
}

const label = (scenario: string, c?: Check): string =>
  c === undefined
    ? scenario
    : `${scenario}:${c.id}${c.errorMessage ? ` (${c.errorMessage.slice(0, 160)})` : ''}`;

/**
 * The suite's own baseline rules (src/expected-failures.ts): a whole-scenario entry expects at least one failed
 * check and is stale when none fails; a per-check entry is stale when that check passes (absent or skipped: no
 * signal); every other failed check is unexpected. An entry for a scenario that did not run is stale too: the
 * suite dropped or renamed it, so the line no longer means anything.
 */
export function evaluate(results: ScenarioResult[], entries: Entry[]): Verdict {
  const verdict: Verdict = { unexpected: [], stale: [], expected: [] };
  const ran = new Set(results.map((r) => r.scenario));
  for (const e of entries) {
    if (!ran.has(e.scenario))
      verdict.stale.push(`${e.scenario}${e.checkId ? `:${e.checkId}` : ''} (did not run)`);
  }
  for (const r of results) {
    const mine = entries.filter((e) => e.scenario === r.scenario);
    const checks = collapse(r.checks);
    const failed = checks.filter(isFailed);
    if (mine.some((e) => e.checkId === undefined)) {
      (failed.length > 0 ? verdict.expected : verdict.stale).push(r.scenario);
      continue;
    }
    const ids = new Set(mine.map((e) => e.checkId));
    for (const c of failed) {
      if (ids.has(c.id)) verdict.expected.push(`${r.scenario}:${c.id}`);
      else verdict.unexpected.push(label(r.scenario, c));
    }
    for (const e of mine) {
      if (checks.find((c) => c.id === e.checkId)?.status === 'SUCCESS')
        verdict.stale.push(`${r.scenario}:${e.checkId}`);
    }
  }
  return verdict;
}

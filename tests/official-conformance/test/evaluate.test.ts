// The expected-failures judge: unexpected failures and stale lines fail, per scenario and per check.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate.js';
import { entriesFor, parseExpected } from '../src/expected.js';
import { readResultsFromOutputs, scenarioOfDir, summaryScenarios, vacuousPasses } from '../src/results.js';

const ok = (id: string) => ({ id, status: 'SUCCESS' });
const bad = (id: string, status = 'FAILURE') => ({ id, status, errorMessage: `${id} broke` });
const TARGETS = ['sp-mcp', 'ads-mcp'];

function entries(yaml: string, target = 'sp-mcp') {
  return entriesFor(parseExpected(yaml, TARGETS)['2026-07-28'], target);
}

describe('evaluate', () => {
  it('accepts listed failures and passes that are not listed', () => {
    const e = entries("'2026-07-28':\n  all:\n    caching: 'awaiting v2 migration: ttlMs'\n");
    const v = evaluate(
      [
        { scenario: 'caching', checks: [ok('a'), bad('b')] },
        { scenario: 'tools-list', checks: [ok('tools-list')] },
      ],
      e,
    );
    expect(v).toEqual({ unexpected: [], stale: [], expected: ['caching'] });
  });

  it('fails on an unlisted failure, a WARNING included', () => {
    const v = evaluate([{ scenario: 'tools-list', checks: [bad('tools-list', 'WARNING')] }], []);
    expect(v.unexpected).toEqual(['tools-list:tools-list (tools-list broke)']);
  });

  it('fails on a listed scenario that now passes (stale) and on one that no longer runs', () => {
    const e = entries("'2026-07-28':\n  all:\n    caching: 'x'\n    gone: 'y'\n");
    const v = evaluate([{ scenario: 'caching', checks: [ok('a'), ok('b')] }], e);
    expect(v.stale).toEqual(['gone (did not run)', 'caching']);
  });

  it('a check line excuses only that check; the same check passing is stale', () => {
    const e = entries("'2026-07-28':\n  all:\n    server-stateless:ping-404: 'awaiting v2 migration'\n");
    const failing = evaluate([{ scenario: 'server-stateless', checks: [bad('ping-404'), bad('other')] }], e);
    expect(failing.expected).toEqual(['server-stateless:ping-404']);
    expect(failing.unexpected).toEqual(['server-stateless:other (other broke)']);
    const passing = evaluate([{ scenario: 'server-stateless', checks: [ok('ping-404'), ok('other')] }], e);
    expect(passing.stale).toEqual(['server-stateless:ping-404']);
  });

  it('judges a repeated check id by its worst occurrence', () => {
    const v = evaluate([{ scenario: 's', checks: [bad('a'), ok('a')] }], []);
    expect(v.unexpected).toEqual(['s:a (a broke)']);
  });

  it('applies `all` lines and the target own lines, not another target lines', () => {
    const yaml = "'2026-07-28':\n  all:\n    a: 'x'\n  ads-mcp:\n    b: 'y'\n";
    expect(entries(yaml, 'sp-mcp').map((e) => e.scenario)).toEqual(['a']);
    expect(entries(yaml, 'ads-mcp').map((e) => e.scenario)).toEqual(['a', 'b']);
  });
});

describe('expected-failures.yml', () => {
  it('an `apps` line covers every server but the contract example', () => {
    const yaml = "'2026-07-28':\n  apps:\n    tasks-lifecycle: 'fixture: slow_compute'\n";
    expect(entries(yaml, 'sp-mcp').map((e) => e.scenario)).toEqual(['tasks-lifecycle']);
    expect(entries(yaml, 'ads-mcp').map((e) => e.scenario)).toEqual(['tasks-lifecycle']);
    expect(
      entriesFor(parseExpected(yaml, [...TARGETS, 'contract-example'])['2026-07-28'], 'contract-example'),
    ).toEqual([]);
  });

  it('refuses a line without a reason, an unknown server or version, and a redundant check line', () => {
    expect(() => parseExpected("'2026-07-28':\n  all:\n    a: ''\n", TARGETS)).toThrow(/no reason/);
    expect(() => parseExpected("'2026-07-28':\n  nope:\n    a: 'x'\n", TARGETS)).toThrow(/unknown server/);
    expect(() => parseExpected("'2024-11-05':\n  all:\n    a: 'x'\n", TARGETS)).toThrow(/unknown spec/);
    expect(() => entries("'2026-07-28':\n  all:\n    a: 'x'\n    a:b: 'y'\n")).toThrow(/redundant/);
  });

  it('the committed file parses for every target', async () => {
    const { loadExpected } = await import('../src/expected.js');
    const { targets } = await import('../src/targets.js');
    const names = targets().map((t) => t.name);
    const parsed = loadExpected(new URL('../expected-failures.yml', import.meta.url).pathname, names);
    for (const name of names) expect(() => entriesFor(parsed['2026-07-28'], name)).not.toThrow();
    // Issue 40's goal: only the suite's fixtures (and the few by-design lines) are left.
    for (const version of ['2025-11-25', '2026-07-28'] as const) {
      const other = parsed[version].filter((e) => !/^(fixture|by design): /.test(e.reason));
      expect(other, version).toEqual([]);
    }
  });
});

describe('results', () => {
  it('reads the scenario of an output dir and of the summary lines', () => {
    expect(scenarioOfDir('server-tools-call-image-2026-12-06T19-33-47-827Z')).toBe('tools-call-image');
    expect(scenarioOfDir('notes')).toBeUndefined();
    expect(
      summaryScenarios('x\n=== SUMMARY ===\n✓ ping: 2 passed, 0 failed\n✗ caching: 0 passed, 7 failed\n'),
    ).toEqual(['ping', 'caching']);
  });

  it('a scenario that crashed (in the summary or required, no checks.json) is a failure', () => {
    const results = readResultsFromOutputs(
      ['=== SUMMARY ===\n✗ caching: 0 passed, 1 failed\n'],
      ['tasks-lifecycle'],
    );
    expect(results.map((r) => [r.scenario, r.checks[0]?.status])).toEqual([
      ['caching', 'FAILURE'],
      ['tasks-lifecycle', 'FAILURE'],
    ]);
  });

  it('flags a pass without a single successful check', () => {
    expect(vacuousPasses([{ scenario: 'n', checks: [{ id: 'i', status: 'INFO' }] }])).toEqual(['n']);
    expect(vacuousPasses([{ scenario: 'p', checks: [ok('p')] }])).toEqual([]);
  });
});

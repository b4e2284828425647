// The conformance suite over the three built apps (in process, against the msw mocks): library checks, env switches, faults, fixtures, parity.
import type { AppName } from '@obmcp/test-kit';
import { FAULT_SCENARIOS } from '@obmcp/upstream-mocks';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppRun, must, runApp } from './support/app-run.js';
import type { ScenarioRun } from './support/fault-matrix.js';
import { ALL_APPS, isBuilt, PROFILES, REQUIRE_APPS } from './support/apps.js';
import { captures, kindsSeen, paritySamples } from './support/collect.js';
import { faultProblems } from './support/fault-check.js';
import { syncGolden, UPDATE_FIXTURES } from './support/golden.js';
import { CRASH_CANARY, TEST_HOOK_CHECK } from '../src/index.js';

const built = ALL_APPS.filter(isBuilt);
const missing = ALL_APPS.filter((a) => !isBuilt(a));
if (missing.length > 0 && !REQUIRE_APPS) {
  console.warn(
    `[conformance] skipping unbuilt apps: ${missing.join(', ')} (build them; CI / OBMCP_CONFORMANCE_REQUIRE_APPS=1 fails instead)`,
  );
}

const runs = new Map<AppName, AppRun>();
const failures = (part: AppRun['main']) =>
  must(part)
    .report.checks.filter((c) => c.status === 'fail')
    .map((c) => `${c.id}: ${c.reason ?? ''}`);

beforeAll(async () => {
  for (const run of await Promise.all(built.map(runApp))) runs.set(run.app, run);
}, 900_000);

describe.each(ALL_APPS)('%s', (app) => {
  const absent = !isBuilt(app);
  const get = () => runs.get(app)!;

  it.skipIf(absent && !REQUIRE_APPS)('is built (its bin, apps/<app>/dist/bin.js, exists)', () => {
    expect(isBuilt(app), `${app} is not built: run pnpm exec turbo run build --filter=@obmcp/${app}`).toBe(
      true,
    );
  });

  describe.skipIf(absent)('conformance', () => {
    it('passes every library check (default env)', () => {
      expect(failures(get().main)).toEqual([]);
    });

    it('MCP_SCHEMA_KEY_NORMALIZATION_META=true + MCP_STRICT_UNKNOWN_FIELDS=false: events and passthrough as published', () => {
      const r = must(get().metaLoose);
      expect(failures(get().metaLoose)).toEqual([]);
      const passed = r.report.checks.filter(
        (c) =>
          c.id.startsWith('bad_input.unknown_key:') &&
          c.status === 'pass' &&
          /success|→ (?!mcp_input)/.test(c.reason ?? ''),
      );
      if (passed.length === 0)
        console.warn(
          `[conformance] ${app}: every schema declares additionalProperties:false, so MCP_STRICT_UNKNOWN_FIELDS=false changes nothing`,
        );
      const renamed = r.report.checks.filter(
        (c) => c.id.startsWith('bad_input.case_mismatch:') && c.status === 'pass',
      );
      expect(renamed.length, 'no tool had a case-mismatch case that ran').toBeGreaterThan(0);
    });

    it('MCP_SCHEMA_KEY_NORMALIZATION_ENABLED=false: case-mismatched keys are rejected', () => {
      const r = must(get().normalizationOff);
      expect(failures(get().normalizationOff)).toEqual([]);
      const rejected = r.observations.filter(
        (o) => o.caseKind === 'case_mismatch' && o.outcome.type === 'envelope',
      );
      expect(rejected.length).toBeGreaterThan(0);
    });

    it.each(FAULT_SCENARIOS)(
      'fault %s: every upstream read tool reports it as the contract says',
      (scenario) => {
        const run = get();
        const main = must(run.main);
        const s = must<ScenarioRun>(run.faults.find((f) => f.scenario === scenario)!);
        expect(s.tools.length, 'no read-only tool annotated openWorldHint: true').toBeGreaterThan(0);
        const baseline = (tool: string) =>
          main.observations.find((o) => o.check === `examples.accepted:${tool}#0`)?.outcome;
        const problems = s.calls.map(
          (c) =>
            [
              c.tool,
              faultProblems(PROFILES[app], scenario, c.outcome, main.advertisedKinds, baseline(c.tool)),
            ] as const,
        );
        const found = problems.filter(([, p]) => p.length > 0).map(([tool, p]) => `${tool}: ${p.join('; ')}`);
        // The problems in the message too: a JSON report (and pnpm test's failure list) shows no diff.
        expect(found, found.join('\n')).toEqual([]);
      },
    );

    it('Code Mode: an endless loop in execute is sandbox_runtime', () => {
      const cm = must(get().codeMode);
      if (!cm.available) {
        console.warn(`[conformance] ${app}: ${cm.reason}`);
        return;
      }
      expect(cm.outcome.type === 'envelope' ? `${cm.outcome.envelope.error_kind}` : cm.outcome.type).toBe(
        'sandbox_runtime',
      );
    });

    it('test hook: an unclassified throw is internal_error with the generic summary, its message only in the log', () => {
      const main = must(get().main);
      const hook = main.report.checks.find((c) => c.id === TEST_HOOK_CHECK);
      expect(hook?.status, hook?.reason ?? `${TEST_HOOK_CHECK} did not run`).toBe('pass');
      expect(
        must(get().crashLog).length,
        `the crash message (${CRASH_CANARY}) is not in the server's stderr`,
      ).toBeGreaterThan(0);
    });

    it('every advertised error kind is reached by some test', () => {
      const run = get();
      const seen = kindsSeen(run);
      expect((must(run.main).advertisedKinds ?? []).filter((k) => !seen.has(k))).toEqual([]);
    });

    it(`golden fixtures${UPDATE_FIXTURES ? ' (updating)' : ''}: live envelopes match fixtures/${app}/`, () => {
      const result = syncGolden(app, captures(get()), !REQUIRE_APPS);
      if (result.written.length > 0)
        console.warn(`[conformance] ${app}: wrote fixtures ${result.written.join(', ')} (review and commit)`);
      expect(
        { drifted: result.drifted, missing: result.missing, stale: result.stale },
        'run pnpm --filter @obmcp/conformance fixtures:update and review the diff',
      ).toEqual({
        drifted: [],
        missing: [],
        stale: [],
      });
    });
  });
});

describe.skipIf(built.length < 2)('across apps', () => {
  it('get_envelope_contract answers the byte-identical mapping everywhere', () => {
    const texts = new Set(
      [...runs.values()].map((r) => JSON.stringify(r.main.value?.contract?.mapping ?? null)),
    );
    expect(texts.size).toBe(1);
  });

  it('parity: the same bad-argument shape yields the same error_code, details fields and hint categories', () => {
    const samples = [...runs.values()].map((r) => [r.app, paritySamples(r)] as const);
    const kinds = new Set(samples.flatMap(([, m]) => [...m.keys()]));
    const diffs: string[] = [];
    for (const kind of kinds) {
      const present = samples.filter(([, m]) => m.has(kind)).map(([app, m]) => [app, m.get(kind)!] as const);
      const shapes = new Set(
        present.map(([, s]) =>
          JSON.stringify({ code: s.code, fields: s.detailFields, hints: s.hintCategories }),
        ),
      );
      if (shapes.size > 1)
        diffs.push(
          `${kind}: ${present.map(([app, s]) => `${app}(${s.tool}) ${s.code} [${s.detailFields.join(',')}] {${s.hintCategories.join(',')}}`).join(' | ')}`,
        );
    }
    expect(diffs).toEqual([]);
  });
});

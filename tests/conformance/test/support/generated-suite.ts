// The generated-tools conformance suite of one generator-built app: every tool in ONE in-process server (see README).
import { validateEnvelope } from '@obmcp/contract/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOutcome, isTestHook } from '../../src/index.js';
import { must, type Part, settle } from './app-run.js';
import { isBuilt, PROFILES, REQUIRE_APPS } from './apps.js';
import { faultProblems } from './fault-check.js';
import {
  FAULT_ORDER,
  type GeneratedApp,
  type GeneratedRun,
  LEAN_CASES,
  runGenerated,
} from './generated-run.js';
import { catalogApis } from './operation-sample.js';

const only = process.env.OBMCP_CONFORMANCE_APPS?.split(',').map((s) => s.trim());
const DEBUG = process.env.OBMCP_CONFORMANCE_DEBUG === '1';

const failed = (run: GeneratedRun, prefix: string) =>
  run.checks.report.checks
    .filter((c) => c.id.startsWith(prefix) && c.status === 'fail')
    .map((c) => `${c.id}: ${c.reason ?? ''}`);

/** The suite of one generator-built app (one file per app, so the two run in parallel workers). */
export function generatedToolsSuite(app: GeneratedApp): void {
  const selected = (!only || only.includes(app)) && (isBuilt(app) || REQUIRE_APPS);
  let run: Part<GeneratedRun> = { error: `${app} did not run` };
  beforeAll(async () => {
    if (!selected) return;
    run = await settle(runGenerated(app));
    if (DEBUG && run.value)
      console.error(`[conformance] ${app} generated run: ${JSON.stringify(run.value.ms)}`);
  }, 900_000);
  describe.skipIf(!selected)(`${app}: every tool in one server (all toolsets, writes on)`, () => {
    suite(app, () => must(run));
  });
}

function suite(app: GeneratedApp, get: () => GeneratedRun): void {
  it('samples one listed tool from every API of the generated catalog', () => {
    const apis = catalogApis(app);
    expect(apis.length).toBeGreaterThan(0);
    expect(apis.filter((api) => !get().sample.has(api))).toEqual([]);
  });

  it('capabilities, get_envelope_contract and an unknown tool conform', () => {
    const run = get();
    expect(['capabilities', 'contract_tool', 'unknown_tool'].flatMap((p) => failed(run, p))).toEqual([]);
  });

  it('every tool: a portable inputSchema and examples that validate against it', () => {
    const run = get();
    expect(run.checks.tools.length).toBeGreaterThan(get().sample.size);
    expect(failed(run, 'tools.')).toEqual([]);
  });

  it(`generated bad input (${LEAN_CASES.join(', ')}) to every tool: its SCHEMA_* code at the JSON pointer`, () => {
    const run = get();
    expect(failed(run, 'bad_input.')).toEqual([]);
    const probed = new Set(
      run.checks.report.checks
        .filter((c) => c.id.startsWith('bad_input.') && c.status === 'pass')
        .map((c) => c.id.slice(c.id.indexOf(':') + 1)),
    );
    // Every schema is closed, so at least the unknown-key case applies to every tool.
    expect(run.checks.tools.filter((t) => !isTestHook(t) && !probed.has(t.name)).map((t) => t.name)).toEqual(
      [],
    );
    for (const kind of LEAN_CASES)
      expect(
        run.checks.observations.filter((o) => o.caseKind === kind).length,
        `no tool had a ${kind} case`,
      ).toBeGreaterThan(0);
  });

  it('every envelope of the run validates against the published envelope schema', () => {
    const run = get();
    const envelopes = [
      ...run.checks.observations.map((o) => o.outcome),
      ...run.baseline.map((c) => c.outcome),
      ...[...run.faults.values()].flat().map((c) => c.outcome),
    ].flatMap((o) => (o.type === 'envelope' ? [o.envelope] : []));
    expect(envelopes.length).toBeGreaterThan(run.checks.tools.length);
    const invalid = envelopes.filter((e) => !validateEnvelope(e).valid);
    expect(invalid.map((e) => `${e.error_code}: ${JSON.stringify(validateEnvelope(e).errors[0])}`)).toEqual(
      [],
    );
    expect(failed(run, 'envelopes.')).toEqual([]);
  });

  it("every sampled tool's first example succeeds without a fault", () => {
    const run = get();
    expect(
      run.baseline
        .filter((c) => c.outcome.type !== 'result')
        .map((c) => `${c.tool}: ${describeOutcome(c.outcome)}`),
    ).toEqual([]);
  });

  it.each(FAULT_ORDER)('fault %s: the tool of every API reports it as the contract says', (scenario) => {
    const run = get();
    const calls = run.faults.get(scenario) ?? [];
    expect(calls.length).toBe(run.sample.size);
    const baseline = (tool: string) => run.baseline.find((c) => c.tool === tool)?.outcome;
    const problems = calls.flatMap((c) => {
      const p = faultProblems(
        PROFILES[app],
        scenario,
        c.outcome,
        run.checks.advertisedKinds,
        baseline(c.tool),
      );
      return p.length > 0 ? [`${c.api} ${c.tool}: ${p.join('; ')}`] : [];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

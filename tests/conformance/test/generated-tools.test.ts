// Every tool of sp-mcp and ads-mcp (generated from the official specs) in ONE stdio server per app: examples
// validate, generated bad input gets its SCHEMA_* envelope at the JSON pointer, every envelope is schema-valid,
// and the fault matrix runs over one tool from every API (SP model file, Ads spec file).
import { validateEnvelope } from '@obmcp/contract/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOutcome, isTestHook } from '../src/index.js';
import { must, type Part, settle } from './support/app-run.js';
import { isBuilt, PROFILES, REQUIRE_APPS } from './support/apps.js';
import { faultProblems } from './support/fault-check.js';
import {
  FAULT_ORDER,
  GENERATED_APPS,
  type GeneratedApp,
  type GeneratedRun,
  LEAN_CASES,
  runGenerated,
} from './support/generated-run.js';
import { catalogApis } from './support/operation-sample.js';

const only = process.env.OBMCP_CONFORMANCE_APPS?.split(',').map((s) => s.trim());
const apps = GENERATED_APPS.filter((a) => (!only || only.includes(a)) && (isBuilt(a) || REQUIRE_APPS));
const DEBUG = process.env.OBMCP_CONFORMANCE_DEBUG === '1';

const runs = new Map<GeneratedApp, Part<GeneratedRun>>();

beforeAll(async () => {
  const settled = await Promise.all(apps.map(async (app) => [app, await settle(runGenerated(app))] as const));
  for (const [app, run] of settled) {
    runs.set(app, run);
    if (DEBUG && run.value)
      console.error(`[conformance] ${app} generated run: ${JSON.stringify(run.value.ms)}`);
  }
}, 900_000);

const failed = (run: GeneratedRun, prefix: string) =>
  run.checks.report.checks
    .filter((c) => c.id.startsWith(prefix) && c.status === 'fail')
    .map((c) => `${c.id}: ${c.reason ?? ''}`);

describe.each(apps)('%s: every tool in one server (all toolsets, writes on)', (app) => {
  const get = () => must(runs.get(app) ?? { error: `${app} did not run` });

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
    expect(problems).toEqual([]);
  });
});

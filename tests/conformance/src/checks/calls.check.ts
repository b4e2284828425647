// Checks that call tools: examples accepted, schema-derived bad input rejected precisely, unknown tool.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { generateCases } from '../cases/generate.js';
import { objectExamples } from '../cases/schema-nav.js';
import type { CaseKind } from '../cases/types.js';
import { describeOutcome } from '../invoke.js';
import { mapLimit } from '../map-limit.js';
import type { Observation } from '../observation.js';
import type { ReportBuilder } from '../report.js';
import type { ContractSwitches } from '../server-info.js';
import { type CallPolicy, mayCall } from './call-policy.js';
import { type JudgeContext, judgeCall, type PlannedCall } from './judge-call.js';
import { isTestHook } from './test-hook.check.js';

export const UNKNOWN_TOOL = 'zz_conformance_no_such_tool';

export interface CallPlanOptions {
  execute: CallPolicy;
  probe: CallPolicy;
  examples: boolean;
  badInput: boolean;
  unknownTool: boolean;
  cases: readonly CaseKind[];
  switches: ContractSwitches;
}

export function planCalls(tools: readonly Tool[], o: CallPlanOptions, report: ReportBuilder): PlannedCall[] {
  const plan: PlannedCall[] = [];
  if (o.unknownTool) {
    plan.push({
      check: 'unknown_tool',
      tool: UNKNOWN_TOOL,
      caseKind: 'unknown_tool',
      args: {},
      expect: (out) =>
        out.type === 'envelope' &&
        out.envelope.error_kind === 'tool_not_found' &&
        out.envelope.error_code === 'TOOL_NOT_FOUND' &&
        !out.envelope.retryable
          ? []
          : [`expected tool_not_found/TOOL_NOT_FOUND (not retryable), got ${describeOutcome(out)}`],
    });
  }
  // Test hooks (listed only under OBMCP_TEST_HOOKS=1) crash by design: the test_hook section covers them.
  for (const tool of tools.filter((t) => !isTestHook(t))) {
    if (o.examples && mayCall(tool, o.execute)) {
      objectExamples(tool).forEach((args, i) => {
        plan.push({
          check: `examples.accepted:${tool.name}#${i}`,
          tool: tool.name,
          caseKind: 'example',
          args,
          expect: { type: 'accepted' },
        });
      });
    }
    if (!o.badInput) continue;
    const { cases, skipped } = generateCases(tool, o.switches, o.cases);
    for (const c of cases) {
      const policy = c.expect.type === 'accepted' ? o.execute : o.probe;
      const id = `bad_input.${c.kind}:${tool.name}`;
      if (!mayCall(tool, policy))
        report.skip(
          id,
          `not called (${c.expect.type === 'accepted' ? 'execute' : 'probe'} policy ${policy})`,
        );
      else
        plan.push({
          check: id,
          tool: tool.name,
          caseKind: c.kind,
          ...(c.shape ? { shape: c.shape } : {}),
          args: c.args,
          expect: c.expect,
          note: c.label,
        });
    }
    if (skipped.length > 0)
      report.skip(`bad_input.n_a:${tool.name}`, `schema has no feature for: ${skipped.join(', ')}`);
  }
  return plan;
}

export async function runCalls(
  client: Client,
  plan: readonly PlannedCall[],
  ctx: JudgeContext,
  concurrency: number,
  report: ReportBuilder,
  observations: Observation[],
): Promise<void> {
  const judged = await mapLimit(plan, concurrency, (call) => judgeCall(client, call, ctx));
  for (const j of judged) {
    const { planned } = j;
    observations.push({
      check: planned.check,
      tool: planned.tool,
      ...(planned.caseKind ? { caseKind: planned.caseKind } : {}),
      ...(planned.shape ? { shape: planned.shape } : {}),
      args: planned.args,
      outcome: j.outcome,
    });
    const note = planned.note
      ? `${planned.note} → ${describeOutcome(j.outcome)}`
      : describeOutcome(j.outcome);
    if (j.problems.length === 0) report.pass(planned.check, note);
    else report.fail(planned.check, `${planned.note ? `${planned.note}: ` : ''}${j.problems.join('; ')}`);
  }
}

// Runs one planned call and records it: expectation problems plus the envelope rules on whatever came back.
import type { Client } from '@modelcontextprotocol/client';
import { expectationProblems } from '../cases/evaluate.js';
import type { CaseKind, Expectation } from '../cases/types.js';
import { envelopeProblems, type EnvelopeRuleContext, normalizedProblems } from '../envelope-rules.js';
import { type CallOutcome, invokeTool } from '../invoke.js';
import type { Observation } from '../observation.js';

export interface PlannedCall {
  check: string;
  tool: string;
  caseKind?: Observation['caseKind'];
  args: unknown;
  shape?: string;
  expect: Expectation | ((outcome: CallOutcome) => string[]);
  note?: string;
}

export interface JudgedCall {
  planned: PlannedCall;
  outcome: CallOutcome;
  problems: string[];
}

export interface JudgeContext extends EnvelopeRuleContext {
  metaOn: boolean | undefined;
  timeoutMs: number;
}

export async function judgeCall(client: Client, call: PlannedCall, ctx: JudgeContext): Promise<JudgedCall> {
  const outcome = await invokeTool(client, call.tool, call.args, ctx.timeoutMs);
  const problems =
    typeof call.expect === 'function'
      ? call.expect(outcome)
      : expectationProblems(outcome, call.expect, ctx.metaOn);
  if (outcome.type === 'envelope') problems.push(...envelopeProblems(outcome.envelope, ctx));
  if (outcome.type === 'result' && outcome.value !== null && typeof outcome.value === 'object') {
    problems.push(...normalizedProblems((outcome.value as Record<string, unknown>)._meta));
  }
  return { planned: call, outcome, problems };
}

export type { CaseKind };

// Check: the contract's test hook (OBMCP_MOCK=1 + OBMCP_TEST_HOOKS=1) crashes into a generic internal_error.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { TEST_CRASH_TOOL } from '@obmcp/mcp-server/testing';
import { describeOutcome, invokeTool } from '../invoke.js';
import type { Observation } from '../observation.js';
import type { ReportBuilder } from '../report.js';

export const TEST_HOOK_CHECK = 'test_hook.internal_error';

/** The canary in the hook's thrown message: it must reach the server log, never the envelope. */
export const CRASH_CANARY = 'canary 5f0c';

/** Test hooks are not product tools: no examples or bad input are sent to them. */
export const isTestHook = (tool: { name: string }) => tool.name === TEST_CRASH_TOOL;

/** The contract's fixed summary for an unclassified throw (the same phrase on every server). */
export function genericInternalSummary(): string {
  return envelopeFromThrown(new Error('probe'), {
    tool: TEST_CRASH_TOOL,
    profile: {
      name: 'conformance',
      version: '0',
      httpKind: 'sp_api_http',
      clientKind: 'sp_api_client',
      httpCodePrefix: 'SP_API',
      errorKinds: ['internal_error'],
    },
  }).summary;
}

export async function checkTestHook(
  report: ReportBuilder,
  client: Client,
  tools: readonly Tool[],
  timeoutMs: number,
  observations: Observation[],
): Promise<void> {
  if (!tools.some(isTestHook)) {
    report.skip(TEST_HOOK_CHECK, `${TEST_CRASH_TOOL} not listed (set OBMCP_MOCK=1 and OBMCP_TEST_HOOKS=1)`);
    return;
  }
  const outcome = await invokeTool(client, TEST_CRASH_TOOL, {}, timeoutMs);
  observations.push({ check: TEST_HOOK_CHECK, tool: TEST_CRASH_TOOL, args: {}, outcome });
  if (outcome.type !== 'envelope') {
    report.fail(TEST_HOOK_CHECK, `expected internal_error/INTERNAL_ERROR, got ${describeOutcome(outcome)}`);
    return;
  }
  const env = outcome.envelope;
  const problems: string[] = [];
  if (env.error_kind !== 'internal_error' || env.error_code !== 'INTERNAL_ERROR')
    problems.push(`got ${env.error_kind}/${env.error_code}, expected internal_error/INTERNAL_ERROR`);
  if (env.retryable) problems.push('retryable is true');
  const summary = genericInternalSummary();
  if (env.summary !== summary)
    problems.push(`summary ${JSON.stringify(env.summary)}, expected the fixed ${JSON.stringify(summary)}`);
  if (outcome.text.includes(CRASH_CANARY) || JSON.stringify(env).includes(CRASH_CANARY))
    problems.push(`the crash message (${CRASH_CANARY}) leaked into the envelope`);
  report.expect(TEST_HOOK_CHECK, problems, describeOutcome(outcome));
}

// sandbox_runtime reachability: Code Mode's `execute` running an endless loop must give sandbox_runtime.
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { type CallOutcome, invokeTool } from '../../src/index.js';
import { isSchema, objectExamples, propertiesOf } from '../../src/cases/schema-nav.js';
import { CALL_TIMEOUT_MS } from './apps.js';

export type CodeModeRun =
  | { available: false; reason: string }
  | { available: true; args: Record<string, unknown>; outcome: CallOutcome };

/** Uses the smallest wall-time limit the schema allows, so the probe costs well under a second. */
export async function probeCodeMode(client: Client, tools: readonly Tool[]): Promise<CodeModeRun> {
  const execute = tools.find((t) => t.name === 'execute');
  if (!execute) return { available: false, reason: 'no execute tool (Code Mode off?)' };
  const props = propertiesOf(execute.inputSchema);
  const codeKey = props.find(([k]) => k === 'code')?.[0] ?? props.find(([, s]) => s.type === 'string')?.[0];
  if (!codeKey) return { available: false, reason: 'execute has no string code argument' };
  const args: Record<string, unknown> = {
    ...(objectExamples(execute)[0] ?? {}),
    [codeKey]: 'while (true) {}',
  };
  const timeout = props.find(([k]) => k === 'timeout_ms')?.[1];
  if (isSchema(timeout))
    args.timeout_ms = Math.max(typeof timeout.minimum === 'number' ? timeout.minimum : 0, 300);
  return { available: true, args, outcome: await invokeTool(client, 'execute', args, CALL_TIMEOUT_MS) };
}

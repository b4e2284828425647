// sandbox_runtime reachability: with CODE_MODE on, `execute` running an endless loop must give sandbox_runtime.
import type { AppName } from '@obmcp/test-kit';
import { type CallOutcome, invokeTool, listAllTools } from '../../src/index.js';
import { objectExamples, propertiesOf } from '../../src/cases/schema-nav.js';
import { withServer } from './servers.js';

export type CodeModeRun =
  | { available: false; reason: string }
  | { available: true; args: Record<string, unknown>; outcome: CallOutcome };

export async function runCodeMode(app: AppName): Promise<CodeModeRun> {
  return withServer(app, { CODE_MODE: 'true' }, async ({ client }) => {
    const execute = (await listAllTools(client)).find((t) => t.name === 'execute');
    if (!execute) return { available: false, reason: 'no execute tool with CODE_MODE=true' };
    const props = propertiesOf(execute.inputSchema);
    const codeKey = props.find(([k]) => k === 'code')?.[0] ?? props.find(([, s]) => s.type === 'string')?.[0];
    if (!codeKey) return { available: false, reason: 'execute has no string code argument' };
    const args = { ...(objectExamples(execute.inputSchema)[0] ?? {}), [codeKey]: 'while (true) {}' };
    return { available: true, args, outcome: await invokeTool(client, 'execute', args, 60_000) };
  });
}

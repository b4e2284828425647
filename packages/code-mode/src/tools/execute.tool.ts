// execute: runs agent JavaScript in a QuickJS sandbox on a worker thread; script errors are data, limits are envelopes.
import type { ToolDefinition } from '@obmcp/contract';
import { EXECUTE_UNKNOWN_HINTS } from '../execute-annotations.js';
import { limitationError } from '../limitation-error.js';
import type { ResolvedLimits } from '../options.js';
import { withSearchToolsHint } from '../sandbox/search-hint.js';
import type { ExecuteResult, Limitation, SandboxRunner, ScriptErrorResult } from '../sandbox/types.js';

interface ExecuteArgs {
  code: string;
  timeout_ms?: number;
}

const DESCRIPTION = `Run JavaScript in a sandbox that can call this server's tools.
The code is an async function body: \`await call_tool(name, args)\` and \`return\` a JSON value.
A failed call returns its error envelope (\`r?._envelope_version === 1\`; branch on r.error_kind)
so the script can fix its args and retry. console.log goes to logs.
No network, fs, process, require, import or timers.
Returns { result, logs, calls }, or { error: { name, message, line }, logs, calls } if the script throws.
Find tools and their arguments: search_tools, get_tool_schema.`;

export function executeSchema(limits: ResolvedLimits) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      code: {
        type: 'string',
        minLength: 1,
        maxLength: limits.maxCodeChars,
        description: 'Async JavaScript function body (see the tool description).',
      },
      timeout_ms: {
        type: 'integer',
        minimum: 100,
        maximum: limits.maxTimeoutMs,
        description: `Wall-time limit in ms (default ${limits.defaultTimeoutMs}).`,
      },
    },
    required: ['code'],
    additionalProperties: false,
    // One example: the description says how to branch on an envelope (the sp default listing has a byte budget).
    examples: [{ code: "const r = await call_tool('get_envelope_contract', {});\nreturn r;" }],
  } as const;
}

/** The `execute` tool around a sandbox runner (the product's: worker threads, see codeModeTools). */
export function executeTool(limits: ResolvedLimits, run: SandboxRunner): ToolDefinition {
  return {
    name: 'execute',
    title: 'Run a Code Mode script',
    description: DESCRIPTION,
    inputSchema: executeSchema(limits),
    // applyCodeMode replaces these with hints for the tools a script can actually reach.
    annotations: EXECUTE_UNKNOWN_HINTS,
    handler: async (rawArgs, call): Promise<ExecuteResult | ScriptErrorResult> => {
      const args = rawArgs as unknown as ExecuteArgs;
      const timeoutMs = Math.min(args.timeout_ms ?? limits.defaultTimeoutMs, limits.maxTimeoutMs);
      if (args.code.length > limits.maxCodeChars)
        throw limitationError(codeSizeLimitation(args.code.length, limits.maxCodeChars), limits, [], 0);
      const outcome = await run({
        code: args.code,
        timeoutMs,
        host: withSearchToolsHint(call.host),
        signal: call.signal,
        log: call.log,
      });
      if (outcome.status === 'ok') return { result: outcome.value, logs: outcome.logs, calls: outcome.calls };
      if (outcome.status === 'script_error')
        return { error: outcome.error, logs: outcome.logs, calls: outcome.calls };
      throw limitationError(outcome.limitation, limits, outcome.logs, outcome.calls);
    },
  };
}

/** Code past maxCodeChars never reaches a sandbox (the schema says so too; this holds without validation). */
function codeSizeLimitation(length: number, limit: number): Limitation {
  return { kind: 'code_size', issue: `RangeError: code is ${length} characters`, limit };
}

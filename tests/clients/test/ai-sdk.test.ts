// Vercel AI SDK (`ai` + `@ai-sdk/mcp`): what reaches code (tool.execute) and what the OpenAI, Anthropic and
// Google providers would send to the model (their own request builders, captured by a stub fetch).
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { generateText, isStepCount, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_SDK_PROVIDERS } from '../src/ai-sdk-providers.js';
import { type FailureCase, SERVER_TRANSPORTS } from '../src/cases.js';
import { envelopeIn } from '../src/envelope-in.js';
import { toolResultIn } from '../src/provider-messages.js';
import {
  describeViolations,
  portableViolations,
  providerViolations,
  wireTools,
} from '../src/provider-rules.js';
import { createProviderStub, type ProviderApi, type ScriptedToolCall } from '../src/provider-stub.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

type Json = Record<string, unknown>;

interface ProviderTurn {
  api: ProviderApi;
  /** First request: the tools as the provider receives them. */
  first: Json;
  /** Second request: carries the tool result the model reads (undefined when there was no second turn). */
  toolResult: Json | undefined;
}

/** Runs a two-turn agent loop per provider: the stub model calls `call`, the AI SDK runs the tool, turn 2 is captured. */
async function providerTurns(tools: ToolSet, call: ScriptedToolCall): Promise<ProviderTurn[]> {
  const turns: ProviderTurn[] = [];
  for (const provider of AI_SDK_PROVIDERS) {
    const stub = createProviderStub();
    stub.script(call);
    await generateText({
      model: provider.model(stub.fetch),
      tools,
      prompt: 'Use the tool.',
      stopWhen: isStepCount(2),
    });
    const [first, second] = stub.requests;
    if (!first) throw new Error(`${provider.api}: no request was built`);
    turns.push({
      api: provider.api,
      first: first.body,
      toolResult: second ? toolResultIn(provider.api, second.body) : undefined,
    });
  }
  return turns;
}

/** The same tools, with `name` answering from a result already obtained (one server call feeds three providers). */
function replaying(tools: ToolSet, name: string, outcome: unknown): ToolSet {
  const tool = tools[name];
  if (!tool) throw new Error(`no tool ${name}`);
  return { ...tools, [name]: { ...tool, execute: async () => outcome } } as ToolSet;
}

describe.each(SERVER_TRANSPORTS)('AI SDK: %s', (_, { cases, transport }) => {
  let target: Target;
  let client: MCPClient;
  let tools: ToolSet;
  const uncaught: unknown[] = [];
  const execOptions = { toolCallId: 'call_obmcp_1', messages: [], context: {} };

  beforeAll(async () => {
    target = await openTarget(cases.app, transport);
    const mcpTransport = target.stdio
      ? new Experimental_StdioMCPTransport({ ...target.stdio, stderr: 'ignore' })
      : { type: 'http' as const, url: target.url ?? '' };
    client = await createMCPClient({ transport: mcpTransport, onUncaughtError: (e) => uncaught.push(e) });
    tools = await client.tools();
  });

  afterAll(async () => {
    await client?.close();
    await target?.close();
  });

  it('lists every tool, and every provider request builder sends all of them within its rules', async () => {
    expect(Object.keys(tools).length).toBeGreaterThanOrEqual(20);
    for (const turn of await providerTurns(tools, { name: cases.tool, args: cases.args })) {
      const sent = (turn.first['tools'] as unknown[] | undefined) ?? [];
      const count =
        turn.api === 'google' ? ((sent[0] as Json)['functionDeclarations'] as unknown[]).length : sent.length;
      expect(count, turn.api).toBe(Object.keys(tools).length);
      expect(describeViolations(providerViolations(turn.api, turn.first)), turn.api).toEqual([]);
      // The AI SDK forwards the published schemas verbatim: on the wire they must still be the portable subset.
      const unportable = wireTools(turn.api, turn.first).flatMap((t) => portableViolations(t.name, t.schema));
      expect(describeViolations(unportable), turn.api).toEqual([]);
    }
  });

  it('success: code gets the CallToolResult with structuredContent; the model gets the same JSON as text', async () => {
    const outcome = (await tools[cases.tool]?.execute?.(cases.args, execOptions)) as Json;
    expect(outcome['isError']).toBeFalsy();
    expect(outcome['structuredContent']).toHaveProperty('_meta');
    for (const turn of await providerTurns(replaying(tools, cases.tool, outcome), {
      name: cases.tool,
      args: cases.args,
    })) {
      expect(turn.toolResult, turn.api).toBeDefined();
      expect(envelopeIn(turn.toolResult), turn.api).toBeUndefined();
      expect(JSON.stringify(turn.toolResult), turn.api).toContain('_meta');
    }
  });

  // Before the 429 case: the server's pre-flight limiter answers the calls that follow a 429 for 2 s.
  it('PascalCase keys reach the server and succeed (normalized); an unknown field: code gets the envelope', async () => {
    const pascal = (await tools[cases.tool]?.execute?.(cases.pascalArgs, execOptions)) as Json;
    expect(pascal['isError'], JSON.stringify(pascal).slice(0, 300)).toBeFalsy();
    const unknown = (await tools[cases.tool]?.execute?.(cases.unknownFieldArgs, execOptions)) as Json;
    expect(unknown['isError']).toBe(true);
    expectEnvelope(unknown, cases, 'unknown_field');
  });

  const failing: [FailureCase, string][] = [
    ['bad_args', 'bad argument'],
    ['http_401', 'upstream 401'],
    ['http_429', 'upstream 429 with Retry-After'],
  ];
  it.each(failing)(
    '%s (%s): code and all three models get the envelope; no provider gets an error flag',
    async (failure) => {
      if (failure === 'http_401') target.fault.set('http_401');
      if (failure === 'http_429') target.fault.set('http_429_retry_after');
      const args = failure === 'bad_args' ? cases.badArgs : cases.args;
      const outcome = (await tools[cases.tool]?.execute?.(args, execOptions)) as Json;
      target.fault.set('none');
      expect(outcome['isError']).toBe(true);
      expectEnvelope(outcome, cases, failure);
      for (const turn of await providerTurns(replaying(tools, cases.tool, outcome), {
        name: cases.tool,
        args,
      })) {
        expectEnvelope(turn.toolResult, cases, failure);
        // The AI SDK hands the envelope over as an ordinary result: Anthropic's tool_result has no is_error.
        if (turn.api === 'anthropic') expect(turn.toolResult?.['is_error']).toBeUndefined();
      }
    },
  );

  it('unknown tool: the AI SDK answers itself (NoSuchToolError with the tool list); the server envelope only via callTool', async () => {
    for (const turn of await providerTurns(tools, { name: cases.unknownTool, args: {} })) {
      const text = JSON.stringify(turn.toolResult);
      expect(text, turn.api).toContain(`unavailable tool '${cases.unknownTool}'`);
      expect(text, turn.api).toContain(cases.tool);
      expect(envelopeIn(turn.toolResult), turn.api).toBeUndefined();
    }
    const direct = await client.callTool({ name: cases.unknownTool, arguments: {} });
    expectEnvelope(direct, cases, 'unknown_tool');
  });

  // HTTP only: over stdio the AI SDK gives its server/discover probe a short deadline, falls back to initialize
  // and reports the server's (correct) late "method not found" reply as an uncaught error; how often depends on
  // timing alone, so it is documented in docs/CLIENTS.md, not asserted.
  it.runIf(transport === 'http')(
    'connects without an uncaught error (server/discover answered quietly) and without a server warning',
    () => {
      expect(uncaught.map(String)).toEqual([]);
      expect(target.serverStderr()).not.toContain('"level":"warn"');
    },
  );
});

// LangChain (`@langchain/mcp-adapters` + a `createAgent` loop): what reaches code (tool.invoke) and what the
// OpenAI, Anthropic and Google chat models would send (their own request builders, captured by stub fetches).
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { createAgent, toolErrorMiddleware } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TRANSPORTS, UPSTREAM_FAULTS } from '../src/cases.js';
import { envelopeIn } from '../src/envelope-in.js';
import { envelopeTextOf } from '../src/envelope-recipe.js';
import { OPENAI_CHAT, providerBodies } from '../src/langchain-providers.js';
import { toolResultIn } from '../src/provider-messages.js';
import { describeViolations, providerViolations } from '../src/provider-rules.js';
import { createProviderStub, type ScriptedToolCall } from '../src/provider-stub.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

type Json = Record<string, unknown>;

/**
 * One `createAgent` turn on the OpenAI chat model: the stub model calls `call`, the agent's tool node runs it
 * against the server; returns the ToolMessage the agent produced. `recipe` adds the docs' toolErrorMiddleware.
 */
async function agentToolMessage(
  tools: StructuredToolInterface[],
  call: ScriptedToolCall,
  recipe = false,
): Promise<ToolMessage> {
  const stub = createProviderStub();
  stub.script(call);
  const agent = createAgent({
    model: OPENAI_CHAT.model(stub),
    tools,
    middleware: recipe ? [toolErrorMiddleware({ onError: envelopeTextOf })] : [],
  });
  const state = await agent.invoke({ messages: [new HumanMessage('Use the tool.')] });
  const message = state.messages.find((m: BaseMessage) => ToolMessage.isInstance(m));
  if (!message || !ToolMessage.isInstance(message)) throw new Error('the agent produced no ToolMessage');
  // The second model request is what OpenAI would receive: the tool message as the agent sends it.
  expect(envelopeIn(toolResultIn('openai-chat', stub.last()))).toEqual(envelopeIn(message.content));
  return message;
}

/** What the other providers would send for the same tool message (their own request builders). */
async function otherProviderResults(
  tools: StructuredToolInterface[],
  call: ScriptedToolCall,
  message: ToolMessage,
) {
  const history = [
    new HumanMessage('Use the tool.'),
    new AIMessage({
      content: '',
      tool_calls: [{ id: message.tool_call_id, name: call.name, args: call.args }],
    }),
    message,
  ];
  const bodies = await providerBodies(tools, history);
  return bodies.map(({ api, body }) => ({ api, toolResult: toolResultIn(api, body) }));
}

describe.each(SERVER_TRANSPORTS)('LangChain: %s', (_, { cases, transport }) => {
  let target: Target;
  let client: MultiServerMCPClient;
  let tools: StructuredToolInterface[];
  const tool = (name: string) => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  };

  beforeAll(async () => {
    target = await openTarget(cases.app, transport);
    const connection = target.stdio
      ? { transport: 'stdio' as const, ...target.stdio, stderr: 'ignore' as const }
      : { transport: 'http' as const, url: target.url ?? '' };
    client = new MultiServerMCPClient({ mcpServers: { [cases.app]: connection }, throwOnLoadError: true });
    tools = await client.getTools();
  });

  afterAll(async () => {
    await client?.close();
    await target?.close();
  });

  it('lists every tool, and every chat model request builder sends all of them within its rules', async () => {
    expect(tools.length).toBeGreaterThanOrEqual(20);
    for (const { api, body } of await providerBodies(tools, [new HumanMessage('hi')])) {
      const sent = (body['tools'] as Json[] | undefined) ?? [];
      const count =
        api === 'google' ? ((sent[0]?.['functionDeclarations'] as unknown[]) ?? []).length : sent.length;
      expect(count, api).toBe(tools.length);
      expect(describeViolations(providerViolations(api, body)), api).toEqual([]);
    }
  });

  it('success: code gets a text block with structuredContent; the model gets both (text and structuredContent)', async () => {
    const result = (await tool(cases.tool).invoke(cases.args)) as Json;
    expect(result['type']).toBe('text');
    expect(result['structuredContent']).toHaveProperty('_meta');
    const call = { name: cases.tool, args: cases.args };
    const message = await agentToolMessage(tools, call);
    expect(message.status).toBe('success');
    for (const { api, toolResult } of await otherProviderResults(tools, call, message)) {
      expect(toolResult, api).toBeDefined();
      expect(JSON.stringify(toolResult), api).toContain('structuredContent');
    }
  });

  it('bad argument: LangChain validates first; neither code nor model gets the envelope', async () => {
    const error = await tool(cases.tool)
      .invoke(cases.badArgs)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String(error)).toContain('did not match expected schema');
    expect(envelopeIn(String(error))).toBeUndefined();
    const message = await agentToolMessage(tools, { name: cases.tool, args: cases.badArgs });
    expect(message.status).toBe('error');
    expect(String(message.content)).toContain('did not match expected schema');
    expect(envelopeIn(message.content)).toBeUndefined();
  });

  it('PascalCase keys and an unknown field: LangChain refuses both client-side (no normalization, no envelope)', async () => {
    for (const args of [cases.pascalArgs, cases.unknownFieldArgs]) {
      const error = await tool(cases.tool)
        .invoke(args)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(String(error), JSON.stringify(args)).toContain('did not match expected schema');
      expect(envelopeIn(String(error))).toBeUndefined();
    }
  });

  it('unknown tool: the agent answers itself; no envelope', async () => {
    const message = await agentToolMessage(tools, { name: cases.unknownTool, args: {} });
    expect(message.status).toBe('error');
    expect(String(message.content)).toContain(cases.unknownTool);
    expect(envelopeIn(message.content)).toBeUndefined();
  });

  it.each(UPSTREAM_FAULTS)(
    '%s: code gets a ToolException around the envelope; every model gets it wrapped',
    async (failure, scenario) => {
      target.fault.set(scenario);
      try {
        const error = await tool(cases.tool)
          .invoke(cases.args)
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).name).toBe('ToolException');
        expectEnvelope((error as Error).message, cases, failure);
        const call = { name: cases.tool, args: cases.args };
        const message = await agentToolMessage(tools, call);
        expect(message.status).toBe('error');
        expect(String(message.content)).toMatch(
          /^ToolException: MCP tool .* returned an error: \{"error_kind"/,
        );
        expect(String(message.content)).toContain('Please fix your mistakes.');
        expectEnvelope(message.content, cases, failure);
        for (const { api, toolResult } of await otherProviderResults(tools, call, message)) {
          expectEnvelope(toolResult, cases, failure);
          if (api === 'anthropic') expect(toolResult?.['is_error'], api).toBeUndefined();
        }
        if (failure === 'http_401') {
          // The docs' recipe: toolErrorMiddleware hands the model the envelope alone, parseable as is.
          const clean = await agentToolMessage(tools, call, true);
          expect(clean.status).toBe('error');
          expectEnvelope(JSON.parse(String(clean.content)) as unknown, cases, failure);
        }
      } finally {
        target.fault.set('none');
      }
    },
  );
});

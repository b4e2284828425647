// mcp-use 1.x: what reaches code (session.callTool), what its LangChain tools put in provider requests, and what
// its MCPAgent sends the model (the OpenAI chat request builder, captured by a stub fetch).
import { HumanMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { MCPAgent, MCPClient, type MCPSession } from 'mcp-use';
import { LangChainAdapter } from 'mcp-use/adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TRANSPORTS, UPSTREAM_FAULTS } from '../src/cases.js';
import { envelopeIn } from '../src/envelope-in.js';
import { OPENAI_CHAT, providerBodies } from '../src/langchain-providers.js';
import { toolResultIn } from '../src/provider-messages.js';
import { describeViolations, providerViolations, wireTools } from '../src/provider-rules.js';
import { createProviderStub, type ScriptedToolCall } from '../src/provider-stub.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

type Json = Record<string, unknown>;

describe.each(SERVER_TRANSPORTS)('mcp-use: %s', (_, { cases, transport }) => {
  let target: Target;
  let client: MCPClient;
  let session: MCPSession;
  let tools: StructuredToolInterface[];

  /** One MCPAgent run whose stub model calls `call`; returns the tool message of the next OpenAI request. */
  async function agentToolResult(call: ScriptedToolCall): Promise<Json | undefined> {
    const stub = createProviderStub();
    stub.script(call);
    const agent = new MCPAgent({ llm: OPENAI_CHAT.model(stub), client, maxSteps: 3, memoryEnabled: false });
    await agent.run({ prompt: 'Use the tool.' });
    const second = stub.requests[1];
    return second ? toolResultIn('openai-chat', second.body) : undefined;
  }

  beforeAll(async () => {
    target = await openTarget(cases.app, transport);
    const server = target.stdio ? { ...target.stdio } : { url: target.url ?? '' };
    client = MCPClient.fromDict({ mcpServers: { [cases.app]: server } });
    session = await client.createSession(cases.app);
    tools = await new LangChainAdapter().createToolsFromConnectors([session.connector]);
  });

  afterAll(async () => {
    await client?.closeAllSessions();
    await target?.close();
  });

  it('lists every tool, and every chat model request builder sends all of them within its rules', async () => {
    expect(tools.length).toBeGreaterThanOrEqual(20);
    const published = new Map(session.connector.tools.map((t) => [t.name, t.inputSchema]));
    for (const { api, body } of await providerBodies(tools, [new HumanMessage('hi')])) {
      expect(describeViolations(providerViolations(api, body)), api).toEqual([]);
      // mcp-use rebuilds each schema through zod: no tool may lose a parameter on the way.
      for (const tool of wireTools(api, body)) {
        const sent = Object.keys((tool.schema as { properties?: object } | undefined)?.properties ?? {});
        expect(sent.sort(), `${api} ${tool.name}`).toEqual(
          Object.keys(published.get(tool.name)?.properties ?? {}).sort(),
        );
      }
    }
  });

  it('success: code gets the CallToolResult; the model gets it stringified (text and structuredContent)', async () => {
    const result = await session.callTool(cases.tool, cases.args);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toHaveProperty('_meta');
    const toolResult = await agentToolResult({ name: cases.tool, args: cases.args });
    expect(JSON.stringify(toolResult)).toContain('structuredContent');
    expect(envelopeIn(toolResult)).toBeUndefined();
  });

  it('bad argument: code (callTool) gets the envelope; the agent validates first and the model gets a zod message', async () => {
    expectEnvelope(await session.callTool(cases.tool, cases.badArgs), cases, 'bad_args');
    const toolResult = await agentToolResult({ name: cases.tool, args: cases.badArgs });
    const text = JSON.stringify(toolResult);
    expect(text).toContain('did not match expected schema');
    expect(text).toContain(cases.badField);
    expect(envelopeIn(toolResult)).toBeUndefined();
  });

  it('PascalCase keys / an unknown field: callTool gets success / the envelope; the agent refuses both with a zod message', async () => {
    const pascal = await session.callTool(cases.tool, cases.pascalArgs);
    expect(pascal.isError, JSON.stringify(pascal.content).slice(0, 300)).toBeFalsy();
    expectEnvelope(await session.callTool(cases.tool, cases.unknownFieldArgs), cases, 'unknown_field');
    for (const args of [cases.pascalArgs, cases.unknownFieldArgs]) {
      const toolResult = await agentToolResult({ name: cases.tool, args });
      expect(JSON.stringify(toolResult), JSON.stringify(args)).toContain('did not match expected schema');
      expect(envelopeIn(toolResult)).toBeUndefined();
    }
  });

  it('the agent offers each MCP Apps view (ui:// resource) to the model as a tool; exposeResourcesAsTools: false keeps them out', async () => {
    const views = (await session.connector.listResources()).resources
      .filter((r) => r.uri.startsWith('ui://'))
      .map((r) => r.name);
    expect(views.length).toBeGreaterThan(0);
    const offered = async (options: { exposeResourcesAsTools?: boolean }) => {
      const stub = createProviderStub();
      const agent = new MCPAgent({
        llm: OPENAI_CHAT.model(stub),
        client,
        maxSteps: 3,
        memoryEnabled: false,
        ...options,
      });
      await agent.run({ prompt: 'hi' }).catch(() => undefined); // only the first request matters
      const first = stub.requests[0]?.body as { tools?: { function: { name: string } }[] } | undefined;
      return (first?.tools ?? []).map((t) => t.function.name);
    };
    const all = await offered({});
    const without = await offered({ exposeResourcesAsTools: false });
    // The extra "tools" are the views (mcp-use names them after the resource); each call returns the view's HTML.
    expect(all.filter((name) => !without.includes(name))).toHaveLength(views.length);
    expect([...without].sort()).toEqual(tools.map((t) => t.name).sort());
  });

  it('unknown tool: code (callTool) gets the envelope; the agent answers itself', async () => {
    expectEnvelope(await session.callTool(cases.unknownTool, {}), cases, 'unknown_tool');
    const toolResult = await agentToolResult({ name: cases.unknownTool, args: {} });
    expect(JSON.stringify(toolResult)).toContain(cases.unknownTool);
    expect(envelopeIn(toolResult)).toBeUndefined();
  });

  it.each(UPSTREAM_FAULTS)(
    '%s: code gets the envelope; the model gets it double-encoded in a stringified result',
    async (failure, scenario) => {
      target.fault.set(scenario);
      try {
        const result = await session.callTool(cases.tool, cases.args);
        expect(result.isError).toBe(true);
        expectEnvelope(result, cases, failure);
        const toolResult = await agentToolResult({ name: cases.tool, args: cases.args });
        const content = String(toolResult?.['content']);
        expect(content).toContain('"isError":true');
        expect(content).toContain('{\\"error_kind\\"');
        expectEnvelope(toolResult, cases, failure);
      } finally {
        target.fault.set('none');
      }
    },
  );
});

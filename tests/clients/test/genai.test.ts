// @google/genai's mcpToTool: the declarations it sends Gemini (verbatim: listings.test.ts) and what its
// callTool hands back as the functionResponse for success, PascalCase keys, an unknown field and bad arguments.
// Deliberately a v1 SDK `Client`: mcpToTool takes one (@google/genai's peer dependency is @modelcontextprotocol/sdk ^1).
import { type CallableTool, mcpToTool } from '@google/genai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TRANSPORTS, UPSTREAM_FAULTS } from '../src/cases.js';
import { envelopeIn } from '../src/envelope-in.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

describe.each(SERVER_TRANSPORTS)('@google/genai mcpToTool: %s', (_, { cases, transport }) => {
  let target: Target;
  const client = new Client({ name: 'obmcp-clients-tests', version: '0.1.0' });
  let tool: CallableTool;

  /** The functionResponse.response Gemini would get for one call (automatic function calling sends it as is). */
  const respond = async (args: Record<string, unknown>) => {
    const [part] = await tool.callTool([{ name: cases.tool, args }]);
    return part?.functionResponse?.response;
  };

  beforeAll(async () => {
    target = await openTarget(cases.app, transport);
    await client.connect(
      target.stdio
        ? new StdioClientTransport({ ...target.stdio, stderr: 'ignore' })
        : new StreamableHTTPClientTransport(new URL(target.url ?? '')),
    );
    tool = mcpToTool(client);
  });

  afterAll(async () => {
    await client.close();
    await target?.close();
  });

  it('declares every listed tool with its inputSchema as parametersJsonSchema, unchanged', async () => {
    const { tools } = await client.listTools();
    const declared = (await tool.tool()).functionDeclarations ?? [];
    expect(declared.map((d) => d.name).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const d of declared)
      expect(d.parametersJsonSchema, d.name).toEqual(tools.find((t) => t.name === d.name)?.inputSchema);
  });

  it('success and PascalCase keys (normalized by the server): a result, no envelope', async () => {
    for (const args of [cases.args, cases.pascalArgs]) {
      const response = await respond(args);
      expect(response, JSON.stringify(args)).toBeDefined();
      expect(envelopeIn(response), JSON.stringify(response).slice(0, 300)).toBeUndefined();
    }
  });

  it('an unknown field and a wrong-type argument: the envelope reaches Gemini (under `error`)', async () => {
    const unknown = await respond(cases.unknownFieldArgs);
    expect(unknown).toHaveProperty('error');
    expectEnvelope(unknown, cases, 'unknown_field');
    expectEnvelope(await respond(cases.badArgs), cases, 'bad_args');
  });

  it.each(UPSTREAM_FAULTS)('%s: the envelope reaches Gemini under `error`', async (failure, scenario) => {
    target.fault.set(scenario);
    try {
      const response = await respond(cases.args);
      expect(response).toHaveProperty('error');
      expectEnvelope(response, cases, failure);
    } finally {
      target.fault.set('none');
    }
  });
});

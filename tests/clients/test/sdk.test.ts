// The official SDK client (@modelcontextprotocol/sdk 1.x): the reference for what the servers send, unaltered.
// Deliberately the v1 SDK: it plays the 2025-era client every legacy host still ships (issue 40: old clients keep
// working); the repo's own code is on the v2 packages (scripts/check-sdk-imports.mjs allows this file by name).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FailureCase, SERVER_TRANSPORTS } from '../src/cases.js';
import { documentedStrictCount } from '../src/clients-doc.js';
import { describeViolations, openAiStrictViolations, portableViolations } from '../src/provider-rules.js';
import { openTarget, type Target } from '../src/target.js';
import { expectEnvelope } from './support/expect-envelope.js';

type Json = Record<string, unknown>;

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Json;
}

describe.each(SERVER_TRANSPORTS)('SDK client: %s', (_, { cases, transport }) => {
  let target: Target;
  const client = new Client({ name: 'obmcp-clients-tests', version: '0.1.0' });

  const call = async (name: string, args: Json) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;

  /** Every failure: isError, one text block, and that text is the envelope as a whole. */
  const expectFailure = (result: ToolResult, failure: FailureCase) => {
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
    expect(result.structuredContent).toBeUndefined();
    return expectEnvelope(JSON.parse(result.content[0]?.text ?? '') as unknown, cases, failure);
  };

  beforeAll(async () => {
    target = await openTarget(cases.app, transport);
    await client.connect(
      target.stdio
        ? new StdioClientTransport({ ...target.stdio, stderr: 'ignore' })
        : new StreamableHTTPClientTransport(new URL(target.url ?? '')),
    );
  });

  afterAll(async () => {
    await client.close();
    await target?.close();
  });

  it('lists the tools and announces the envelope contract in its capabilities', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(20);
    expect(client.getServerCapabilities()?.experimental?.['openbridge_envelope']).toMatchObject({
      contract_version: 1,
    });
  });

  it('PascalCase keys: the server normalizes them and the call succeeds; an unknown field: the envelope', async () => {
    const pascal = await call(cases.tool, cases.pascalArgs);
    expect(pascal.isError, JSON.stringify(pascal.content).slice(0, 300)).toBeFalsy();
    expectFailure(await call(cases.tool, cases.unknownFieldArgs), 'unknown_field');
  });

  it('publishes every inputSchema in the portable subset (no top-level union, boolean schema, rejected keyword)', async () => {
    const { tools } = await client.listTools();
    const found = tools.flatMap((t) => portableViolations(t.name, t.inputSchema));
    expect(describeViolations(found)).toEqual([]);
  });

  it('publishes each tool’s examples under _meta["io.obmcp/examples"], outside the inputSchema', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.inputSchema, tool.name).not.toHaveProperty('examples');
      const examples = tool._meta?.['io.obmcp/examples'];
      expect(Array.isArray(examples), tool.name).toBe(true);
    }
  });

  it.runIf(transport === 'stdio')(
    'OpenAI strict mode accepts as many tools as docs/CLIENTS.md says',
    async () => {
      const { tools } = await client.listTools();
      const accepted = tools.filter((t) => openAiStrictViolations(t.name, t.inputSchema).length === 0);
      expect({ tools: tools.length, strict: accepted.length }).toEqual(documentedStrictCount(cases.app));
    },
  );

  it('success: structuredContent with _meta, and the same JSON as text', async () => {
    const result = await call(cases.tool, cases.args);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toHaveProperty('_meta');
    expect(JSON.parse(result.content[0]?.text ?? '')).toEqual(result.structuredContent);
  });

  it('bad argument: the server validates and answers with the envelope (the client does not check)', async () => {
    const envelope = expectFailure(await call(cases.tool, cases.badArgs), 'bad_args');
    expect(envelope.details[0]?.received_type).toBe('string');
  });

  it('unknown tool: the server answers with the envelope, did_you_mean included', async () => {
    expectFailure(await call(cases.unknownTool, {}), 'unknown_tool');
  });

  it('upstream 401, then 429 with Retry-After: the envelope with its _meta', async () => {
    target.fault.set('http_401');
    expectFailure(await call(cases.tool, cases.args), 'http_401');
    target.fault.set('http_429_retry_after');
    const envelope = expectFailure(await call(cases.tool, cases.args), 'http_429');
    expect(envelope._meta?.retry_after_seconds).toBe(2);
    target.fault.set('none');
  });
});

// What tools/list and initialize show the agent: each entry's fields, the strict rule in the schema, raw tools last, capabilities.
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawTool } from '../src/server/create-server.js';
import { createContractServer } from '../src/server/create-server.js';
import { tool } from './helpers.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const full: ToolDefinition = {
  ...tool('full', {
    type: 'object',
    properties: { n: { type: 'integer' }, o: { type: 'object', properties: { a: { type: 'string' } } } },
    examples: [{ n: 1 }],
  }),
  title: 'Full tool',
  annotations: { readOnlyHint: true },
  _meta: { 'io.obmcp/operation': { api: 'x' } },
  taskSupport: 'optional',
};
const pass: ToolDefinition = {
  ...tool('pass', { type: 'object', properties: { n: { type: 'integer' } }, examples: [{ n: 1 }] }),
  passthrough: 'query',
};
const bare = tool('bare', { type: 'object', properties: {}, examples: [{}] });
const raw: RawTool = {
  tool: { name: 'raw_echo', description: 'plain MCP', inputSchema: { type: 'object', properties: {} } },
  handler: async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
};

async function open(env: Record<string, string> = {}, extra: { rawTools?: RawTool[] } = {}) {
  const profile = { ...exampleProfile, instructions: 'Use list tools first.' };
  const session = await connectInMemory({ tools: [full, pass, bare], env, profile, ...extra });
  sessions.push(session);
  return session;
}

const FULL_ENTRY = {
  name: 'full',
  title: 'Full tool',
  description: 'full (test tool)',
  inputSchema: {
    type: 'object',
    properties: {
      n: { type: 'integer' },
      o: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  execution: { taskSupport: 'optional' },
  _meta: { 'io.obmcp/operation': { api: 'x' }, 'io.obmcp/examples': [{ n: 1 }] },
};

describe('tools/list entries', () => {
  it('a tool with every optional field: title, annotations, its own _meta beside the examples, execution', async () => {
    const { client } = await open();
    const { tools } = await client.listTools();
    expect(tools[0]).toEqual(FULL_ENTRY);
  });

  it('a bare tool has no title, annotations or execution keys; the contract tool is listed after the app’s', async () => {
    const { client } = await open();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['full', 'pass', 'bare', 'get_envelope_contract']);
    expect(tools[2]).toEqual({
      name: 'bare',
      description: 'bare (test tool)',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      _meta: { 'io.obmcp/examples': [{}] },
    });
    expect(tools[3]?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('strict off: nested objects open, a passthrough tool’s top level open, every other top level closed', async () => {
    const { client } = await open({ MCP_STRICT_UNKNOWN_FIELDS: 'false' });
    const { tools } = await client.listTools();
    const schemaOf = (name: string) => tools.find((t) => t.name === name)?.inputSchema;
    expect(schemaOf('full')).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' }, o: { type: 'object', properties: { a: { type: 'string' } } } },
      additionalProperties: false,
    });
    expect(schemaOf('pass')).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    const strict = await open();
    const strictTools = (await strict.client.listTools()).tools;
    expect(strictTools.find((t) => t.name === 'pass')?.inputSchema.additionalProperties).toBe(false);
  });

  it('the same listing on every request', async () => {
    const { client } = await open();
    expect((await client.listTools()).tools).toEqual((await client.listTools()).tools);
  });
});

describe('raw tools (test fixtures)', () => {
  it('are listed after the contract tools exactly as written, and called without the pipeline', async () => {
    const { client, call } = await open({}, { rawTools: [raw] });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['full', 'pass', 'bare', 'get_envelope_contract', 'raw_echo']);
    expect(tools.at(-1)).toEqual(raw.tool);
    const result = await call('raw_echo', { Any: 1 });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"Any":1}' }] });
  });

  it('a raw tool may not take a contract tool’s name', () => {
    const clash: RawTool = { ...raw, tool: { ...raw.tool, name: 'bare' } };
    expect(() =>
      createContractServer({ profile: exampleProfile, tools: [bare], env: {}, rawTools: [clash] }),
    ).toThrow('duplicate tool name: bare (a raw tool and a contract tool)');
  });

  it('inputSchemaOf reads a listed or raw tool’s published schema, nothing for others', () => {
    const internal = tool('hidden', { type: 'object', properties: {}, examples: [{}] });
    const { newServer } = createContractServer({
      profile: exampleProfile,
      tools: [pass],
      internalTools: [internal],
      env: {},
      rawTools: [raw],
    });
    expect(newServer.inputSchemaOf?.('pass')).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: false,
    });
    expect(newServer.inputSchemaOf?.('raw_echo')).toEqual(raw.tool.inputSchema);
    expect(newServer.inputSchemaOf?.('hidden')).toBeUndefined();
    expect(newServer.inputSchemaOf?.('nope')).toBeUndefined();
  });
});

describe('initialize', () => {
  it('capabilities: tools without listChanged, tasks, the envelope block; no resources without views; instructions', async () => {
    const { client } = await open();
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      experimental: {
        openbridge_envelope: { contract_version: 1, error_kinds: [...exampleProfile.errorKinds] },
      },
    });
    expect(client.getServerVersion()).toEqual({ name: exampleProfile.name, version: exampleProfile.version });
    expect(client.getInstructions()).toBe('Use list tools first.');
  });

  it('a profile without instructions sends none', async () => {
    const session = await connectInMemory({ tools: [bare] });
    sessions.push(session);
    expect(session.client.getInstructions()).toBeUndefined();
  });

  it('the crash hook is listed only in mock mode with OBMCP_TEST_HOOKS=1', async () => {
    const names = async (env: Record<string, string>) => {
      const session = await connectInMemory({ tools: [bare], env });
      sessions.push(session);
      return (await session.client.listTools()).tools.map((t) => t.name);
    };
    expect(await names({ OBMCP_MOCK: '1' })).toEqual(['bare', 'get_envelope_contract']);
    expect(await names({ OBMCP_MOCK: '1', OBMCP_TEST_HOOKS: '1' })).toEqual([
      'bare',
      'get_envelope_contract',
      'obmcp_test_crash',
    ]);
    const session = await connectInMemory({ tools: [bare], env: { OBMCP_MOCK: '1', OBMCP_TEST_HOOKS: '1' } });
    sessions.push(session);
    const hook = (await session.client.listTools()).tools.at(-1);
    expect(hook).toEqual({
      name: 'obmcp_test_crash',
      description: 'Test hook (mock mode only): throws an unclassified error carrying a canary message.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: { 'io.obmcp/examples': [{}] },
    });
  });
});

// The contract example's conformance fixtures and the hooks that serve them (rawTools, extend), over a real client.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { taskFixtureTools } from '../src/example/conformance-fixtures.js';
import { inputFixtureTools, missingCapabilityTool } from '../src/example/conformance-input.js';
import { registerSurfaceFixtures, surfaceFixtureTools } from '../src/example/conformance-surface.js';
import { createContractServer } from '../src/entries/server.js';
import { silentLogger } from '../src/entries/testing.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect() {
  const contract = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, ...taskFixtureTools],
    rawTools: surfaceFixtureTools,
    extend: registerSurfaceFixtures,
    logger: silentLogger,
  });
  const server = contract.newServer();
  const client = new Client({ name: 'fixtures-test', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

describe('raw tools', () => {
  it('are listed after the contract tools with their schema as written, and called without an envelope', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.indexOf('test_image_content')).toBeGreaterThan(names.indexOf('get_envelope_contract'));
    const schema = tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema as Record<
      string,
      unknown
    >;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { $anchor: 'addressDef' } },
      additionalProperties: false,
      if: expect.any(Object),
      allOf: expect.any(Array),
    });
    // The two scenarios that also "pass" on a tool_not_found envelope get their real tools here.
    expect(await client.callTool({ name: 'test_simple_text', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    });
    expect(await client.callTool({ name: 'test_error_handling', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    });
    const image = await client.callTool({ name: 'test_image_content', arguments: {} });
    expect(image.content).toEqual([{ type: 'image', data: expect.any(String), mimeType: 'image/png' }]);
    const audio = await client.callTool({ name: 'test_audio_content', arguments: {} });
    const wav = Buffer.from((audio.content as Array<{ data: string }>)[0]?.data ?? '', 'base64');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
    expect((mixed.content as Array<{ type: string }>).map((c) => c.type)).toEqual([
      'text',
      'image',
      'resource',
    ]);
  });

  it('report progress through the request (0, 50, 100 of 100)', async () => {
    const client = await connect();
    const seen: number[] = [];
    await client.callTool(
      { name: 'test_tool_with_progress', arguments: {} },
      { onprogress: (p) => seen.push(p.progress) },
    );
    expect(seen).toEqual([0, 50, 100]);
  });

  it('a raw tool may not take a contract tool name', () => {
    const [image] = surfaceFixtureTools;
    if (!image) throw new Error('no fixture');
    expect(() =>
      createContractServer({
        profile: exampleProfile,
        tools: exampleTools,
        rawTools: [{ ...image, tool: { ...image.tool, name: 'list_orders' } }],
        logger: silentLogger,
      }),
    ).toThrow(/duplicate tool name: list_orders/);
  });
});

describe('extend: the prompts, resources and completions of the suite', () => {
  it('serves them with their capabilities; an unknown resource is -32602 with data.uri (SEP-2164)', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, resources: {}, completions: {} });
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('test_prompt_with_arguments');
    const args = await client.getPrompt({
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'a', arg2: 'b' },
    });
    expect(JSON.stringify(args.messages)).toContain("arg1='a', arg2='b'");
    const text = await client.readResource({ uri: 'test://static-text' });
    expect(text.contents[0]).toMatchObject({ mimeType: 'text/plain' });
    const templated = await client.readResource({ uri: 'test://template/123/data' });
    expect(JSON.parse((templated.contents[0] as { text: string }).text)).toMatchObject({ id: '123' });
    await expect(client.readResource({ uri: 'test://nope' })).rejects.toMatchObject({
      code: -32602,
      data: { uri: 'test://nope' },
    });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: 'par' },
    });
    expect(completion.completion.values).toEqual(['paris', 'park', 'party']);
  });
});

/** The fields of the modern answers these tests read. */
interface Answer {
  result?: {
    resultType?: string;
    inputRequests?: Record<string, { method: string }>;
    requestState?: string;
    content?: Array<{ text?: string }>;
    messages?: unknown[];
  };
  error?: { code: number; data?: { requiredCapabilities?: Record<string, unknown> } };
}

/** One 2026-07-28 request to the conformance example's surface, in process (the SDK's HTTP handler). */
function modern() {
  const contract = createContractServer({
    profile: exampleProfile,
    tools: exampleTools,
    rawTools: [...surfaceFixtureTools, ...inputFixtureTools, missingCapabilityTool],
    extend: registerSurfaceFixtures,
    logger: silentLogger,
  });
  const handler = createMcpHandler(() => contract.newServer());
  closers.push(async () => handler.close?.());
  let id = 0;
  const all = { sampling: {}, elicitation: {}, roots: {} };
  return async (
    method: string,
    params: Record<string, unknown>,
    capabilities: object = all,
  ): Promise<Answer> => {
    const response = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          'mcp-name': String(params.name),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: ++id,
          method,
          params: {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 'fixtures', version: '1' },
              'io.modelcontextprotocol/clientCapabilities': capabilities,
            },
          },
        }),
      }),
    );
    const text = await response.text();
    const json = text.startsWith('{')
      ? text
      : (text.split('\n').find((l) => l.startsWith('data: ')) ?? '').slice(6);
    return JSON.parse(json) as Answer;
  };
}

describe('the input-required fixtures (2026-07-28, SEP-2322)', () => {
  const accept = (content: object) => ({ action: 'accept', content });

  it('ask, then answer with what the client sent; a missing answer is asked for again', async () => {
    const rpc = modern();
    const name = 'test_input_required_result_elicitation';
    const first = await rpc('tools/call', { name, arguments: {} });
    expect(first.result?.resultType).toBe('input_required');
    expect(first.result?.inputRequests?.user_name?.method).toBe('elicitation/create');
    const wrong = await rpc('tools/call', { name, arguments: {}, inputResponses: { other: accept({}) } });
    expect(wrong.result?.resultType).toBe('input_required');
    const done = await rpc('tools/call', {
      name,
      arguments: {},
      inputResponses: { user_name: accept({ name: 'Alice' }) },
    });
    expect(done.result?.content?.[0]?.text).toBe('Hello, Alice!');
  });

  it('requestState is signed: echoed it passes, altered it is -32602; two rounds chain their states', async () => {
    const rpc = modern();
    const name = 'test_input_required_result_tampered_state';
    const first = await rpc('tools/call', { name, arguments: {} });
    const state = String(first.result?.requestState);
    const inputResponses = { confirm: accept({ ok: true }) };
    const ok = await rpc('tools/call', { name, arguments: {}, inputResponses, requestState: state });
    expect(ok.result?.resultType).toBe('complete');
    const bad = await rpc('tools/call', {
      name,
      arguments: {},
      inputResponses,
      requestState: `${state}-TAMPERED`,
    });
    expect(bad.error?.code).toBe(-32602);
    const multi = 'test_input_required_result_multi_round';
    const r1 = await rpc('tools/call', { name: multi, arguments: {} });
    const r2 = await rpc('tools/call', {
      name: multi,
      arguments: {},
      inputResponses: { step1: accept({ name: 'Al' }) },
      requestState: r1.result?.requestState,
    });
    expect(Object.keys(r2.result?.inputRequests ?? {})).toEqual(['step2']);
    const r3 = await rpc('tools/call', {
      name: multi,
      arguments: {},
      inputResponses: { step2: accept({ color: 'blue' }) },
      requestState: r2.result?.requestState,
    });
    expect(r3.result?.content?.[0]?.text).toBe('Al likes blue.');
  });

  it('ask only for what the client declared; test_missing_capability is -32021 naming sampling', async () => {
    const rpc = modern();
    const some = await rpc(
      'tools/call',
      { name: 'test_input_required_result_capabilities', arguments: {} },
      { sampling: {} },
    );
    expect(Object.values(some.result?.inputRequests ?? {}).map((r) => r.method)).toEqual([
      'sampling/createMessage',
    ]);
    const refused = await rpc('tools/call', { name: 'test_missing_capability', arguments: {} }, {});
    expect(refused.error?.code).toBe(-32021);
    expect(refused.error?.data?.requiredCapabilities).toEqual({ sampling: {} });
    const allowed = await rpc('tools/call', { name: 'test_missing_capability', arguments: {} });
    expect(allowed.result?.resultType).toBe('complete');
  });

  it('a prompt asks for input too (prompts/get)', async () => {
    const rpc = modern();
    const name = 'test_input_required_result_prompt';
    expect((await rpc('prompts/get', { name })).result?.resultType).toBe('input_required');
    const done = await rpc('prompts/get', {
      name,
      inputResponses: { user_context: accept({ context: 'c' }) },
    });
    expect(done.result?.messages).toHaveLength(1);
  });
});

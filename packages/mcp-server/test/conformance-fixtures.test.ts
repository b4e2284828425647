// The contract example's conformance fixtures and the hooks that serve them (rawTools, extend), over a real client.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it } from 'vitest';
import { taskFixtureTools } from '../src/example/conformance-fixtures.js';
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

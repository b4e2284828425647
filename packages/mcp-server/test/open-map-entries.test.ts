// Open maps as the agent sees them: published as [{key, value}] entries, and that form accepted back, whatever the normalization switch.
import { afterEach, describe, expect, it } from 'vitest';
import { tool } from './helpers.js';
import { connectInMemory, envelopeOfResult, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const tagger = tool('tagger', {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tags: { type: 'object', additionalProperties: { type: 'string' } },
  },
  examples: [{ tags: { a: '1' } }],
});
const ENTRIES = [
  { key: 'a', value: '1' },
  { key: 'b', value: '2' },
];
const DECODED = {
  kind: 'coerced',
  field: 'tags',
  from_type: 'array',
  to_type: 'object',
  reason: 'map_entries',
};

async function open(env: Record<string, string>) {
  const session = await connectInMemory({ tools: [tagger], env });
  sessions.push(session);
  return session;
}

describe('open maps', () => {
  it('tools/list publishes the entries form, examples included', async () => {
    const { client } = await open({});
    const [listed] = (await client.listTools()).tools;
    expect(listed?.inputSchema.properties?.tags).toEqual({
      type: 'array',
      description: 'A map, as {key, value} entries.',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { type: 'string' } },
        required: ['key', 'value'],
      },
    });
    expect(listed?._meta?.['io.obmcp/examples']).toEqual([{ tags: [{ key: 'a', value: '1' }] }]);
  });

  it('the entries form reaches the handler as the map; its event comes first, beside the other events', async () => {
    const { call } = await open({ MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    const result = await call('tagger', { Name: 'x', tags: ENTRIES });
    expect(result.structuredContent).toEqual({
      args: { tags: { a: '1', b: '2' }, name: 'x' },
      _meta: {
        normalized: [DECODED, { kind: 'renamed', from: 'Name', to: 'name', reason: 'schema_canonical_key' }],
      },
    });
  });

  it('with normalization switched off the published form is still accepted', async () => {
    const { call } = await open({
      MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false',
      MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
    });
    const result = await call('tagger', { tags: ENTRIES });
    expect(result.structuredContent).toEqual({
      args: { tags: { a: '1', b: '2' } },
      _meta: { normalized: [DECODED] },
    });
  });

  it('the map form is accepted as well, and an entry of the wrong type is refused at its pointer', async () => {
    const { call } = await open({});
    expect((await call('tagger', { tags: { a: '1' } })).structuredContent).toEqual({
      args: { tags: { a: '1' } },
    });
    const envelope = envelopeOfResult(await call('tagger', { tags: [{ key: 'a', value: 5 }] }));
    expect(envelope.error_kind).toBe('mcp_input_validation');
    // the pointer names the entry the agent sent, not the decoded map's key
    expect(envelope.details[0]?.path).toBe('tags/0/value');
  });
});

// listPublishedTools (every app's snapshot test) fails on a published inputSchema that breaks a portable rule.
import { Server, type Tool } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { listPublishedTools } from '../src/generate/tool-snapshots.js';

/** A server that lists the given input schemas as they are (no derivation): what a snapshot test reads. */
function serverListing(schemas: Record<string, Record<string, unknown>>): Server {
  const server = new Server({ name: 'listing', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    // As given: the point is a listing that breaks the rules (the SDK type only asks for `type: "object"`).
    tools: Object.entries(schemas).map(
      ([name, inputSchema]) => ({ name, description: name, inputSchema }) as unknown as Tool,
    ),
  }));
  return server;
}

const portable = { type: 'object', properties: { a: { type: 'string' } } };

describe('listPublishedTools', () => {
  it('returns every tool when each published schema is portable', async () => {
    const tools = await listPublishedTools(serverListing({ fine: portable }));
    expect(tools.map((t) => t.name)).toEqual(['fine']);
  });

  it('fails naming a tool with a top-level union and one with a boolean schema', async () => {
    const listing = listPublishedTools(
      serverListing({
        fine: portable,
        union: { ...portable, anyOf: [{ required: ['a'] }, { required: ['b'] }] },
        boolean: { type: 'object', properties: { a: false } },
      }),
    );
    await expect(listing).rejects.toThrow(/tool union: inputSchema\/anyOf \[root-combinator\]/);
    await expect(listing).rejects.toThrow(/tool boolean: inputSchema\/properties\/a \[boolean-schema\]/);
    await expect(listing).rejects.not.toThrow(/tool fine/);
  });
});

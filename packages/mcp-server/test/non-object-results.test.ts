// Results that are not objects reach the agent untouched as text: no structuredContent, no `_meta`, even with telemetry collected.
import type { ToolDefinition } from '@obmcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tool } from './helpers.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const VALUES: Record<string, unknown> = {
  a_string: 'plain text, not JSON',
  a_number: 42,
  a_boolean: false,
  nothing: undefined,
  a_null: null,
  an_array: [1, 'two', { three: 3 }],
  big_array: [12345678901234567890n],
};

const tools: ToolDefinition[] = Object.entries(VALUES).map(([name, value]) =>
  tool(name, { type: 'object', properties: {}, examples: [{}] }, (_args, call) => {
    call.meta.setRequestId('collected-but-not-sent');
    return value as never;
  }),
);

let session: InMemorySession;
beforeAll(async () => {
  session = await connectInMemory({ tools });
});
afterAll(async () => {
  await session.close();
});

describe('non-object results', () => {
  it.each([
    ['a_string', 'plain text, not JSON'],
    ['a_number', '42'],
    ['a_boolean', 'false'],
    ['nothing', 'null'],
    ['a_null', 'null'],
    ['an_array', '[1,"two",{"three":3}]'],
    ['big_array', '["12345678901234567890"]'],
  ])('%s arrives as the text %s', async (name, text) => {
    const result = await session.call(name);
    expect(result).toEqual({ content: [{ type: 'text', text }] });
  });
});

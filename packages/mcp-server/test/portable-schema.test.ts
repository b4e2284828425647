// The server lists the derived portable view and does not re-check it at run time (the rules are tested in @obmcp/contract).
import { describe, expect, it } from 'vitest';
import { checkPortableSchema } from '@obmcp/contract/schema';
import type { JsonSchema } from '@obmcp/contract';
import { hostWith, tool } from './helpers.js';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});

describe('publishTool / assertPortableTools', () => {
  it('a server does not re-check at run time: it lists the derived view, which the snapshot check rejects', () => {
    const list = { type: 'array', items: { type: 'string' }, examples: [['a']] } as JsonSchema;
    const host = hostWith([tool('rows', list)]);
    const view = host.describe('rows')?.inputSchema as JsonSchema;
    // What every app's snapshot test (listPublishedTools) runs over each published view: CI fails here.
    expect(checkPortableSchema(view).map((v) => `${v.pointer} [${v.rule}]`)).toContain('/type [root-object]');
  });
});

describe('the server still enforces the full schema', () => {
  const amc = tool(
    'create_execution',
    obj(
      { instanceId: { type: 'string' }, sqlQuery: { type: 'string' }, workflowId: { type: 'string' } },
      {
        required: ['instanceId'],
        oneOf: [{ required: ['sqlQuery'] }, { required: ['workflowId'] }],
        examples: [{ instanceId: 'i', sqlQuery: 'SELECT 1' }],
      },
    ),
  );

  it('lists the "exactly one of" rule in words, not as a root oneOf', () => {
    const host = hostWith([amc]);
    expect(host.describe('create_execution')?.inputSchema).not.toHaveProperty('oneOf');
  });
});

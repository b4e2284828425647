// Validate-first in the server: a tool whose schema allows it validates first; invalid arguments are still normalized.
import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '@obmcp/contract';
import { compileTool } from '../src/server/compiled-tool.js';
import { hostWith, invoke, tool } from './helpers.js';

const SETTINGS = { normalizationEnabled: true, normalizationMeta: true, strictUnknown: true };

describe('pipeline', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { marketplaceIds: { type: 'array', items: { type: 'string' } } },
    examples: [{}],
  };

  test('a strict tool validates first; valid arguments reach the handler as sent, with no events', async () => {
    expect(compileTool(tool('t', schema), SETTINGS).validateFirst).toBe(true);
    const host = hostWith([tool('t', schema)], { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    const { outcome, meta } = await invoke(host, 't', { marketplaceIds: ['A'] });
    expect(outcome).toEqual({ ok: true, value: { args: { marketplaceIds: ['A'] } } });
    expect(meta).toEqual({});
  });

  test('invalid arguments are still normalized, then validated', async () => {
    const host = hostWith([tool('t', schema)], { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    const { outcome, meta } = await invoke(host, 't', { MarketplaceIds: 'A' });
    expect(outcome).toEqual({ ok: true, value: { args: { marketplaceIds: ['A'] } } });
    expect(meta.normalized).toEqual([
      { kind: 'renamed', from: 'MarketplaceIds', to: 'marketplaceIds', reason: 'schema_canonical_key' },
      {
        kind: 'coerced',
        field: 'marketplaceIds',
        from_type: 'string',
        to_type: 'array',
        reason: 'schema_array_wrap',
      },
    ]);
  });

  test('a tool whose schema lets extra keys through normalizes first (unknown keys still reported)', () => {
    const lax = { ...SETTINGS, strictUnknown: false };
    expect(compileTool({ ...tool('t', schema), passthrough: 'query' }, lax).validateFirst).toBe(false);
    // without a passthrough target the top level stays closed, so validating first is still sound
    expect(compileTool(tool('t', schema), lax).validateFirst).toBe(true);
  });
});

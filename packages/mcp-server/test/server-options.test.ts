// What the profile and the options decide: curated renames and value suggestions, explicit settings over env, the default logger's name.
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContractServer } from '../src/server/create-server.js';
import { tool } from './helpers.js';
import { connectInMemory, envelopeOfResult, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of sessions.splice(0)) await s.close();
});

async function open(options: Parameters<typeof connectInMemory>[0]) {
  const session = await connectInMemory(options);
  sessions.push(session);
  return session;
}

describe('the profile’s hint tables', () => {
  it('a curated key rename repairs a key no case folding would', async () => {
    const profile = {
      ...exampleProfile,
      hintTables: { ...exampleProfile.hintTables, keyRenames: { marketplace: 'marketplaceIds' } },
    };
    const { call } = await open({
      tools: exampleTools,
      profile,
      env: { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' },
    });
    const result = await call('list_orders', { marketplace: ['ATVPDKIKX0DER'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      received: { marketplaceIds: ['ATVPDKIKX0DER'] },
      _meta: {
        normalized: [
          { kind: 'renamed', from: 'marketplace', to: 'marketplaceIds', reason: 'schema_canonical_key' },
        ],
      },
    });
  });

  it('a value alias becomes the did-you-mean of a refused enum value', async () => {
    const { call } = await open({ tools: exampleTools });
    const envelope = envelopeOfResult(
      await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], region: 'usa' }),
    );
    expect(envelope.details).toEqual([
      expect.objectContaining({ path: 'region', code: 'SCHEMA_ENUM_MISMATCH', did_you_mean: ['na'] }),
    ]);
    expect(envelope.hints[0]).toBe("Did you mean region='na'? Got 'usa'.");
    expect(envelope._meta?.hint_categories).toEqual(['did_you_mean', 'enum_suggest']);
  });
});

describe('options', () => {
  it('explicit settings win over the environment', async () => {
    const { call } = await open({
      tools: exampleTools,
      env: { MCP_STRICT_UNKNOWN_FIELDS: 'true', MCP_SCHEMA_KEY_NORMALIZATION_META: 'false' },
      settings: { normalizationEnabled: true, normalizationMeta: true, strictUnknown: false },
    });
    const result = await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], extra: 'x' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      passthrough: { extra: 'x' },
      _meta: { normalized: [expect.objectContaining({ kind: 'unknown_field_passed_through' })] },
    });
  });

  it('without a logger, lines go to stderr named after the server', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const crash = tool('crash_now', { type: 'object', properties: {}, examples: [{}] }, () => {
      throw new Error('logged to stderr');
    });
    const { host } = createContractServer({ profile: exampleProfile, tools: [crash], env: {} });
    await host.call('crash_now', {});
    vi.restoreAllMocks();
    const line = written
      .filter((l) => l.includes('"crash_now"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)[0];
    expect(line).toMatchObject({ logger: 'contract-example', level: 'error', msg: 'tool call failed' });
  });
});

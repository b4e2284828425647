// server/discover (2026-07-28): the Tasks extension instead of the 2025 `tasks` slot, beside the views extension and the envelope block.
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import { afterAll, describe, expect, it } from 'vitest';
import { VIEWS } from './fixture-views.js';
import { MODERN, modernServer } from './modern-post.js';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const ENVELOPE_BLOCK = {
  openbridge_envelope: { contract_version: 1, error_kinds: [...exampleProfile.errorKinds] },
};

async function discover(options: Parameters<typeof modernServer>[0] = {}) {
  const server = await modernServer(options);
  closers.push(server.close);
  const reply = await server.post('server/discover');
  expect(reply.error).toBeUndefined();
  return reply.result ?? {};
}

describe('server/discover', () => {
  it('advertises the Tasks extension, no legacy tasks slot, the revision, instructions and server info', async () => {
    const result = await discover({
      profile: { ...exampleProfile, instructions: 'Start with list_orders.' },
    });
    expect(result.supportedVersions).toEqual([MODERN]);
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      experimental: ENVELOPE_BLOCK,
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
    expect(result.instructions).toBe('Start with list_orders.');
    expect(result._meta).toEqual({
      'io.modelcontextprotocol/serverInfo': { name: exampleProfile.name, version: exampleProfile.version },
    });
  });

  it('a server with views keeps the views extension beside the Tasks one, and resources', async () => {
    const result = await discover({ views: VIEWS });
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: {},
      experimental: ENVELOPE_BLOCK,
      extensions: {
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
        'io.modelcontextprotocol/tasks': {},
      },
    });
  });
});

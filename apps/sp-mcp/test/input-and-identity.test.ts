// Normalization, validation hints, write gating, Code Mode listing and set_active_identity closed-enum check.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertEnvelope, callTool, startInProcess } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';
import { app } from '../src/app.js';

const WRITE_TOOLS = ['patch_listings_item', 'create_feed_document', 'create_feed'];

describe('input normalization and validation', () => {
  it('PascalCase MarketplaceIds → success with _meta.normalized renamed', async () => {
    const sp = await startSp({ MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    try {
      const { result, envelope } = await callTool(sp.client, 'get_orders', {
        MarketplaceIds: [US],
        CreatedAfter: '2026-03-01T00:00:00Z',
      });
      expect(envelope).toBeUndefined();
      const meta = result?._meta as { normalized?: unknown[] };
      expect(meta.normalized).toContainEqual({
        kind: 'renamed',
        from: 'MarketplaceIds',
        to: 'marketplaceIds',
        reason: 'schema_canonical_key',
      });
      expect((result!.orders as unknown[]).length).toBeGreaterThan(0);
      // scalar → array coercion
      const scalar = await callTool(sp.client, 'search_catalog_items', {
        marketplaceIds: US,
        keywords: 'echo',
      });
      expect(scalar.envelope).toBeUndefined();
      expect(
        (scalar.result!._meta as { normalized: Array<{ kind: string }> }).normalized.some(
          (e) => e.kind === 'coerced',
        ),
      ).toBe(true);
    } finally {
      await sp.close();
    }
  });

  it('set_region "usa" → mcp_input_validation whose hints say region=na; malformed JSON string → BODY_COERCION_INVALID_JSON', async () => {
    const sp = await startSp();
    try {
      const { envelope } = await callTool(sp.client, 'set_region', { region: 'usa' });
      assertEnvelope(envelope);
      expect(envelope.error_kind).toBe('mcp_input_validation');
      expect(envelope.hints.join(' ')).toContain("region='na'");
      const bad = await callTool(sp.client, 'get_orders', {
        marketplaceIds: '["ATVPDKIKX0DER"',
        createdAfter: '2026-03-01T00:00:00Z',
      });
      assertEnvelope(bad.envelope);
      expect(bad.envelope).toMatchObject({
        error_kind: 'sp_api_client',
        error_code: 'BODY_COERCION_INVALID_JSON',
        retryable: true,
      });
      expect(bad.envelope.details[0]).toMatchObject({
        path: 'marketplaceIds',
        issue: 'expected JSON array, got malformed string',
        received_type: 'string',
      });
      // marketplace label → enum hint points at the id
      const label = await callTool(sp.client, 'get_inventory_summaries', { marketplaceId: 'US' });
      assertEnvelope(label.envelope);
      expect(label.envelope.hints.join(' ')).toContain('ATVPDKIKX0DER');
      // missing createdAfter/lastUpdatedAfter is caught before upstream
      const missing = await callTool(sp.client, 'get_orders', { marketplaceIds: [US] });
      assertEnvelope(missing.envelope);
      expect(missing.envelope).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'INPUT_VALIDATION_FAILED',
      });
      // unknown tool
      const nf = await callTool(sp.client, 'get_ordrs', {});
      assertEnvelope(nf.envelope);
      expect(nf.envelope.error_kind).toBe('tool_not_found');
      // the server survived all of it
      expect((await callTool(sp.client, 'get_region')).result?.region).toBe('na');
    } finally {
      await sp.close();
    }
  });
});

describe('write gating and Code Mode', () => {
  it('write tools are hidden by default and listed with SP_API_ENABLE_WRITES=true', async () => {
    const off = await startSp();
    const on = await startSp({ SP_API_ENABLE_WRITES: 'true' });
    try {
      const hidden = (await off.client.listTools()).tools.map((t) => t.name);
      for (const name of WRITE_TOOLS) expect(hidden).not.toContain(name);
      const direct = await callTool(off.client, 'patch_listings_item', {});
      expect(direct.envelope?.error_kind).toBe('tool_not_found');
      const listed = (await on.client.listTools()).tools;
      for (const name of WRITE_TOOLS) expect(listed.map((t) => t.name)).toContain(name);
      const patch = listed.find((t) => t.name === 'patch_listings_item');
      expect(patch?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      for (const t of listed) {
        const schema = t.inputSchema as { additionalProperties?: unknown };
        const examples = t._meta?.['io.obmcp/examples'] as unknown[] | undefined;
        if (
          t.name === 'get_envelope_contract' ||
          ['execute', 'search_tools', 'get_tool_schema'].includes(t.name)
        )
          continue;
        expect(examples?.length, t.name).toBeGreaterThan(0);
        expect(schema.additionalProperties, t.name).toBe(false);
      }
    } finally {
      await off.close();
      await on.close();
    }
  });

  it('CODE_MODE=only lists only the Code Mode tools', async () => {
    const sp = await startInProcess({ app, env: { CODE_MODE: 'only' } });
    try {
      const names = (await sp.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('get_orders');
      expect(names).toContain('execute');
    } finally {
      await sp.close();
    }
  });
});

describe('identities', () => {
  it('set_active_identity: unknown id → SCHEMA_IDENTITY_NOT_FOUND with the closest match; known id switches region', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-mcp-ids-'));
    const file = join(dir, 'identities.json');
    writeFileSync(
      file,
      JSON.stringify({
        identities: [
          {
            id: 'us-main',
            name: 'US store',
            sellerId: 'A2MOCKSELLER01',
            region: 'na',
            refreshToken: 'mock-refresh-us',
          },
          { id: 'eu-store', name: 'EU store', region: 'europe', refreshTokenEnv: 'SP_API_REFRESH_TOKEN_EU' },
        ],
      }),
    );
    const sp = await startSp({ SP_API_IDENTITIES_FILE: file, SP_API_REFRESH_TOKEN_EU: 'mock-refresh-eu' });
    try {
      const list = await callTool(sp.client, 'list_identities');
      const ids = (list.result!.identities as Array<{ id: string }>).map((i) => i.id);
      expect(ids).toEqual(['default', 'us-main', 'eu-store']);
      expect(list.text).not.toContain('mock-refresh');
      const { envelope } = await callTool(sp.client, 'set_active_identity', { identityId: 'eu-stor' });
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'SCHEMA_IDENTITY_NOT_FOUND',
        retryable: false,
      });
      expect(envelope.details[0]).toMatchObject({ path: 'identityId', did_you_mean: ['eu-store'] });
      expect(envelope.hints[0]).toContain("identityId='eu-store'");
      const ok = await callTool(sp.client, 'set_active_identity', { identity_id: 'eu-store' });
      expect(ok.result).toMatchObject({ activeIdentityId: 'eu-store', region: 'eu' });
      const p = await callTool(sp.client, 'get_marketplace_participations');
      expect((p.result!.participations as Array<{ marketplace: { id: string } }>)[0]?.marketplace.id).toBe(
        'A1F83G8C2ARO7P',
      );
    } finally {
      await sp.close();
    }
  });
});

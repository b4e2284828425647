// Every generated SP-API tool over stdio in one process: its examples validate (the lazy validator
// checks them on first call) and succeed against the mocks, whose spec gate rejects any request the
// official model rejects and whose spec-driven catch-all answers schema-valid responses; bad input
// gets a schema-valid SCHEMA_* envelope.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedOperations } from './support/curated-tools.js';

const CURATED_OPERATIONS = curatedOperations();
import { startSpAll } from './support/start-all.js';

interface ListedTool {
  name: string;
  inputSchema: { required?: string[] };
  _meta?: Record<string, unknown>;
}

/** The published examples (tools/list carries them in `_meta["io.obmcp/examples"]`). */
const examplesOf = (tool: ListedTool) =>
  (tool._meta?.['io.obmcp/examples'] ?? []) as Record<string, unknown>[];

describe('generated SP-API tools over stdio', () => {
  let sp: TestServer;
  let generated: ListedTool[];
  beforeAll(async () => {
    // The ~18 restricted read operations each get a restricted-data token first, paced by the Tokens
    // API's usage plan (1/s, burst 10): the limiter may wait for a slot rather than refuse it.
    sp = await startSpAll({ SP_API_LIMITER_MAX_WAIT_MS: '5000' });
    // The mocks load their spec engine on the first SP request (about a second on a loaded machine, near the
    // mock-mode upstream timeout): one warm-up call first, so no generated tool's result depends on that.
    await callTool(sp.client, 'get_marketplace_participations', {});
    const { tools } = await sp.client.listTools();
    generated = (tools as ListedTool[]).filter(
      (t) => t._meta?.[OPERATION_META_KEY] && !(t.name in CURATED_OPERATIONS),
    );
  }, 60_000);
  afterAll(async () => {
    await sp.close();
  });

  it('lists 351 generated tools, each with examples', () => {
    expect(generated).toHaveLength(370 - Object.keys(CURATED_OPERATIONS).length);
    for (const t of generated) expect(examplesOf(t).length, t.name).toBeGreaterThan(0);
  });

  it('calls every generated tool with its first example and gets a result', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    for (const tool of generated) {
      const args = examplesOf(tool)[0]!;
      const { envelope } = await callTool(sp.client, tool.name, args);
      if (envelope) failures.push(`${tool.name}: ${envelope.error_code} ${envelope.summary}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers missing required arguments with SCHEMA_REQUIRED and unknown ones with SCHEMA_ADDITIONAL_PROPERTIES', {
    timeout: 600_000,
  }, async () => {
    const wrong: string[] = [];
    for (const tool of generated) {
      const required = tool.inputSchema.required ?? [];
      const args = required.length > 0 ? {} : { zz_not_an_argument: 1 };
      const { envelope } = await callTool(sp.client, tool.name, args);
      const expected = required.length > 0 ? 'SCHEMA_REQUIRED' : 'SCHEMA_ADDITIONAL_PROPERTIES';
      if (!envelope || envelope.error_code !== expected || !validateEnvelope(envelope).valid)
        wrong.push(`${tool.name}: ${envelope?.error_code ?? 'success'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the official enum values and the closest one for a misspelt enum', async () => {
    const { envelope } = await callTool(sp.client, 'get_order_metrics', {
      marketplaceIds: ['ATVPDKIKX0DER'],
      interval: '2026-01-01T00:00:00-07:00--2026-01-02T00:00:00-07:00',
      granularity: 'Dya',
    });
    expect(envelope?.error_code).toBe('SCHEMA_ENUM_MISMATCH');
    expect(JSON.stringify(envelope)).toContain('Day');
  });

  it('errorsInSuccess: a validation whose 200 body lists errors returns them as the result', async () => {
    // validateContentDocumentAsinRelations: the mock reports an ASIN its catalog lacks in `errors`.
    const tool = generated.find((t) => t.name === 'validate_content_document_asin_relations')!;
    const args = { ...examplesOf(tool)[0]!, asinSet: ['B000000000'] };
    const { result, envelope } = await callTool(sp.client, tool.name, args);
    expect(envelope?.error_code).toBeUndefined();
    expect(result?.errors).toEqual([
      expect.objectContaining({ code: 'InvalidInput', details: 'B000000000' }),
    ]);
  });

  it('limits each generated operation by the usage plan of its model (getFeaturedOfferExpectedPriceBatch: 0.033/s, burst 1)', async () => {
    const fresh = await startSpAll();
    try {
      const args = examplesOf(
        generated.find((t) => t.name === 'get_featured_offer_expected_price_batch')!,
      )[0]!;
      const first = await callTool(fresh.client, 'get_featured_offer_expected_price_batch', args);
      expect(first.envelope).toBeUndefined();
      const second = await callTool(fresh.client, 'get_featured_offer_expected_price_batch', args);
      expect(second.envelope?.error_code).toBe('RATE_LIMITED');
      expect(second.envelope?.summary).toContain('allows 0.033 request(s)/s (burst 1)');
    } finally {
      await fresh.close();
    }
  });
});

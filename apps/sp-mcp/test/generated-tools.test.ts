// Every generated SP-API tool over stdio in one process: its examples validate (startup of the lazy
// validator checks them) and succeed against the mocks; bad input gets a schema-valid SCHEMA_* envelope.
// Until the spec-driven sampler lands in @obmcp/upstream-mocks, operations without a mock handler are
// answered by the minimal catch-all in support/spec-catch-all.mjs (route + required query checked, `{}`).
import { validateEnvelope } from '@obmcp/contract';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { callTool, type RunningServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATED_OPERATIONS } from '../src/operations/curated-operations.js';
import { startSpAll } from './support/start-all.js';

interface ListedTool {
  name: string;
  inputSchema: { examples?: Record<string, unknown>[]; required?: string[] };
  _meta?: Record<string, unknown>;
}

describe('generated SP-API tools over stdio', () => {
  let sp: RunningServer;
  let generated: ListedTool[];
  beforeAll(async () => {
    sp = await startSpAll();
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
    for (const t of generated) expect(t.inputSchema.examples?.length, t.name).toBeGreaterThan(0);
  });

  it('calls every generated tool with its first example and gets a result', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    for (const tool of generated) {
      const args = tool.inputSchema.examples![0]!;
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

  it('sends the body to the route of its operation (the catch-all checks method + path template)', async () => {
    const { result, envelope } = await callTool(sp.client, 'get_featured_offer_expected_price_batch', {
      body: {
        requests: [
          {
            uri: '/products/pricing/2022-05-01/offer/featuredOfferExpectedPrice',
            method: 'GET',
            marketplaceId: 'ATVPDKIKX0DER',
            sku: 'SKU-1',
          },
        ],
      },
    });
    expect(envelope).toBeUndefined();
    expect(result?._meta).toMatchObject({ request_id: 'catch-all-getFeaturedOfferExpectedPriceBatch' });
  });
});

// Every generated SP-API tool in process, first half (the second is generated-tools.2.test.ts, run in the other
// worker): its examples validate (the lazy validator checks them on first call) and succeed against the mocks, whose
// spec gate rejects any request the official model rejects and whose spec-driven catch-all answers schema-valid
// responses; bad input gets a schema-valid SCHEMA_* envelope. Also: the listing, enum hints, errorsInSuccess, limits.
import { callTool } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { curatedOperations } from './support/curated-tools.js';
import {
  describeGeneratedShard,
  examplesOf,
  generatedShardServer,
  SHARDS,
  shardOf,
} from './support/generated-shard.js';
import { startSpAll } from './support/start-all.js';

const CURATED_OPERATIONS = curatedOperations();

describe('generated SP-API tools in process', () => {
  generatedShardServer((sp, generated) => {
    it('lists 351 generated tools, each with examples, the shards dividing them among themselves', () => {
      expect(generated()).toHaveLength(370 - Object.keys(CURATED_OPERATIONS).length);
      for (const t of generated()) expect(examplesOf(t).length, t.name).toBeGreaterThan(0);
      const shards = Array.from({ length: SHARDS }, (_, s) => shardOf(generated(), s).map((t) => t.name));
      expect(shards.flat().sort()).toEqual(
        generated()
          .map((t) => t.name)
          .sort(),
      );
    });

    describeGeneratedShard(0, sp, generated);

    it('names the official enum values and the closest one for a misspelt enum', async () => {
      const { envelope } = await callTool(sp().client, 'get_order_metrics', {
        marketplaceIds: ['ATVPDKIKX0DER'],
        interval: '2026-01-01T00:00:00-07:00--2026-01-02T00:00:00-07:00',
        granularity: 'Dya',
      });
      expect(envelope?.error_code).toBe('SCHEMA_ENUM_MISMATCH');
      expect(JSON.stringify(envelope)).toContain('Day');
    });

    it('errorsInSuccess: a validation whose 200 body lists errors returns them as the result', async () => {
      // validateContentDocumentAsinRelations: the mock reports an ASIN its catalog lacks in `errors`.
      const tool = generated().find((t) => t.name === 'validate_content_document_asin_relations')!;
      const args = { ...examplesOf(tool)[0]!, asinSet: ['B000000000'] };
      const { result, envelope } = await callTool(sp().client, tool.name, args);
      expect(envelope?.error_code).toBeUndefined();
      expect(result?.errors).toEqual([
        expect.objectContaining({ code: 'InvalidInput', details: 'B000000000' }),
      ]);
    });

    it('limits each generated operation by the usage plan of its model (getFeaturedOfferExpectedPriceBatch: 0.033/s, burst 1)', async () => {
      const fresh = await startSpAll();
      try {
        const args = examplesOf(
          generated().find((t) => t.name === 'get_featured_offer_expected_price_batch')!,
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
});

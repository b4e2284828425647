// Generated tools in process, first half (the second is generated-tools.2.test.ts, run in the other worker), with
// ADS_API_TOOLSETS=all and writes on: EVERY generated tool is called with its first published example and succeeds
// against the mocks (the spec gates answer 415 unless Content-Type/Accept are exactly the operation's, so a regressed
// media type fails here; the spec-driven catch-all serves the long tail); bad input gets an mcp_input_validation
// envelope; a 207 batch is read per item.
import { callTool } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import {
  curatedKeys,
  describeGeneratedShard,
  generatedOperations,
  generatedShardServer,
  listedNames,
  NOT_SERVED,
  SHARDS,
  SPEC_QUIRKS,
  shardOf,
} from './support/generated-shard.js';

describe('generated Ads tools in process', () => {
  generatedShardServer((s) => {
    it('covers every generated operation but the one whose spec contradicts itself, the shards dividing them', () => {
      const ops = generatedOperations();
      expect(ops).toHaveLength(556 - NOT_SERVED - curatedKeys.size - SPEC_QUIRKS.size);
      const shards = Array.from({ length: SHARDS }, (_, i) => shardOf(ops, i).map((op) => op.name));
      expect(shards.flat().sort()).toEqual(ops.map((op) => op.name).sort());
    });

    describeGeneratedShard(0, s);

    it('a generated batch write (archive SP campaigns) returns successes and per-item error records', async () => {
      const names = await listedNames(s());
      const name = names.get('POST /sp/campaigns/delete');
      expect(name).toBe('delete_sponsored_products_campaigns');
      const out = await callTool(s().client, name ?? '', {
        body: { campaignIdFilter: { include: ['111100000000003', '404'] } },
      });
      expect(out.result).toMatchObject({ entity: 'campaigns', submitted: 2, succeeded: 1, failed: 1 });
      expect((out.result as { errors: unknown[] }).errors[0]).toMatchObject({
        index: 1,
        error_kind: 'ads_api_http',
        code: 'ENTITY_NOT_FOUND',
      });
      const all = await callTool(s().client, name ?? '', {
        body: { campaignIdFilter: { include: ['404', '405'] } },
      });
      expect(all.envelope).toMatchObject({ error_kind: 'ads_api_http', error_code: 'ADS_API_HTTP_207' });
      expect(all.envelope?.details).toHaveLength(2);
    });

    it('the curated negative keyword write reads the 207 per item', async () => {
      const names = await listedNames(s());
      const name = names.get('POST /sp/negativeKeywords');
      expect(name).toBe('create_negative_keywords');
      const out = await callTool(s().client, 'create_negative_keywords', {
        negativeKeywords: [
          {
            campaignId: '111100000000001',
            adGroupId: '111110000000001',
            keywordText: 'cheap',
            matchType: 'NEGATIVE_EXACT',
          },
          {
            campaignId: '111100000000001',
            adGroupId: '999',
            keywordText: 'free',
            matchType: 'NEGATIVE_EXACT',
          },
        ],
      });
      expect(out.result).toMatchObject({ submitted: 2, succeeded: 1, failed: 1 });
      expect((out.result as { errors: unknown[] }).errors[0]).toMatchObject({
        index: 1,
        code: 'ENTITY_NOT_FOUND',
        field: 'negativeKeywords/1/adGroupId',
      });
    });
  });
});

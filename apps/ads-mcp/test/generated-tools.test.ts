// Generated tools over stdio, batched in one process (ADS_API_TOOLSETS=all, writes on): a sample from
// every toolset is called with its published example and succeeds against the mocks (the spec gates
// answer 415 unless Content-Type/Accept are exactly the operation's; the spec-driven catch-all serves the
// long tail); bad input gets an mcp_input_validation envelope; a 207 batch is read per item.
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { callTool, type RunningServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adsCatalog } from '../src/operations/catalog.js';
import { CURATED_OPERATIONS } from '../src/operations/index.js';
import { startAdsAll } from './support/start-all.js';

let s: RunningServer;
beforeAll(async () => {
  s = await startAdsAll();
  // The mocks load their spec engine on the first Ads request (about a second on a loaded machine, near the
  // mock-mode upstream timeout): one warm-up call first, so no sampled tool's result depends on that.
  await callTool(s.client, 'list_profiles', {});
}, 60_000);
afterAll(() => s.close());

/**
 * Operations whose spec contradicts itself, so no request satisfies the spec-checking mock:
 * SponsoredDisplay ArchiveLocationRequest requires `LocationExpressionIdFilter` but names the property
 * `locationExpressionIdFilter`.
 */
const SPEC_QUIRKS = new Set(['POST /sd/locations/delete']);

const curatedKeys = new Set(Object.values(CURATED_OPERATIONS).map((op) => `${op.method} ${op.path}`));

/** Up to `per` generated (non-curated) operations of every toolset, reads and writes alike. */
function sample(per: number): CatalogOperation[] {
  const byToolset = new Map<string, CatalogOperation[]>();
  for (const op of adsCatalog().operations) {
    const key = `${op.recipe.method} ${op.recipe.path}`;
    if (curatedKeys.has(key) || SPEC_QUIRKS.has(key) || op.examples.length === 0) continue;
    const list = byToolset.get(op.toolset) ?? [];
    if (list.length < per) list.push(op);
    byToolset.set(op.toolset, list);
  }
  return [...byToolset.values()].flat();
}

async function listedNames(): Promise<Map<string, string>> {
  const byOperation = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await s.client.listTools(cursor ? { cursor } : {});
    for (const tool of page.tools) {
      const meta = tool._meta?.['io.obmcp/operation'] as { method: string; path: string } | undefined;
      if (meta) byOperation.set(`${meta.method} ${meta.path}`, tool.name);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return byOperation;
}

describe('generated Ads tools over stdio', () => {
  const ops = sample(4);

  it('samples every toolset', () => {
    expect(new Set(ops.map((o) => o.toolset)).size).toBe(
      new Set(adsCatalog().operations.map((o) => o.toolset)).size,
    );
  });

  it('each sampled tool is listed, and its first example succeeds with the spec media types', async () => {
    const names = await listedNames();
    expect(names.size).toBe(556 - 4);
    const failures: string[] = [];
    for (const op of ops) {
      const name = names.get(`${op.recipe.method} ${op.recipe.path}`);
      if (!name) {
        failures.push(`${op.name}: not listed`);
        continue;
      }
      const out = await callTool(s.client, name, op.examples[0] ?? {});
      if (out.envelope) failures.push(`${name}: ${out.envelope.error_code} ${out.envelope.summary}`);
    }
    expect(failures.join('\n')).toBe('');
  });

  it('bad input to each sampled tool is an mcp_input_validation envelope', async () => {
    const names = await listedNames();
    for (const op of ops) {
      const name = names.get(`${op.recipe.method} ${op.recipe.path}`) ?? op.name;
      const out = await callTool(s.client, name, { ...(op.examples[0] ?? {}), not_a_field_9: true });
      expect(out.envelope?.error_kind, name).toBe('mcp_input_validation');
    }
  });

  it('a generated batch write (archive SP campaigns) returns successes and per-item error records', async () => {
    const names = await listedNames();
    const name = names.get('POST /sp/campaigns/delete');
    expect(name).toBe('delete_sponsored_products_campaigns');
    const out = await callTool(s.client, name ?? '', {
      body: { campaignIdFilter: { include: ['111100000000003', '404'] } },
    });
    expect(out.result).toMatchObject({ entity: 'campaigns', submitted: 2, succeeded: 1, failed: 1 });
    expect((out.result as { errors: unknown[] }).errors[0]).toMatchObject({
      index: 1,
      error_kind: 'ads_api_http',
      code: 'ENTITY_NOT_FOUND',
    });
    const all = await callTool(s.client, name ?? '', {
      body: { campaignIdFilter: { include: ['404', '405'] } },
    });
    expect(all.envelope).toMatchObject({ error_kind: 'ads_api_http', error_code: 'ADS_API_HTTP_207' });
    expect(all.envelope?.details).toHaveLength(2);
  });

  it('the curated negative keyword write reads the 207 per item', async () => {
    const names = await listedNames();
    const name = names.get('POST /sp/negativeKeywords');
    expect(name).toBe('create_negative_keywords');
    const out = await callTool(s.client, 'create_negative_keywords', {
      negativeKeywords: [
        {
          campaignId: '111100000000001',
          adGroupId: '111110000000001',
          keywordText: 'cheap',
          matchType: 'NEGATIVE_EXACT',
        },
        { campaignId: '111100000000001', adGroupId: '999', keywordText: 'free', matchType: 'NEGATIVE_EXACT' },
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

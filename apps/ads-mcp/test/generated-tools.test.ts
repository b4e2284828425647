// Generated tools over stdio, batched in one process (ADS_API_TOOLSETS=all, writes on): EVERY generated
// tool is called with its first published example and succeeds against the mocks (the spec gates answer 415
// unless Content-Type/Accept are exactly the operation's, so a regressed media type fails here; the
// spec-driven catch-all serves the long tail); every example of every catalog operation validates against
// its schema; bad input gets an mcp_input_validation envelope; a 207 batch is read per item.
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { sharedAjv } from '@obmcp/contract/schema';
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adsCatalog } from '../src/operations/catalog.js';
import { curatedOperations } from './support/curated-tools.js';
import { startAdsAll } from './support/start-all.js';

let s: TestServer;
beforeAll(async () => {
  s = await startAdsAll();
  // The mocks load their spec engine on the first Ads request (about a second on a loaded machine, near the
  // mock-mode upstream timeout): one warm-up call first, so no sampled tool's result depends on that.
  await callTool(s.client, 'list_profiles', {});
}, 60_000);
afterAll(() => s.close());

/**
 * Operations whose spec contradicts itself, so no request satisfies the spec-checking mock (BEHAVIOR.md §8):
 * ListCreativeModerations' `language` pattern `^\[a-z]{2}-[AZ]{2}$` is malformed (a language tag such as
 * en-US fails it). The undeclared required names (`POST /sd/locations/delete`, `PUT /recommendations/{id}`)
 * are settled by spec errata and now succeed like every other operation.
 */
const SPEC_QUIRKS = new Set(['GET /sd/moderation/creatives']);

/**
 * Generated operations served by the stateful hand-written mocks: their synthesized example names an entity
 * the mocks do not hold (the real API answers ENTITY_NOT_FOUND per item), so they are called with one they do.
 */
const SERVED_ENTITY_ARGS: Record<string, Record<string, unknown>> = {
  'POST /sp/campaigns/delete': { body: { campaignIdFilter: { include: ['111100000000002'] } } },
};

const curatedKeys = new Set(Object.values(curatedOperations()).map((op) => `${op.method} ${op.path}`));

/**
 * The operations BEHAVIOR.md §8 names as not served (the generator found no example that validates): none
 * since CreateBillingStatement's date pattern is corrected on read (@obmcp/upstream-specs errata.ts) and the
 * three reach-forecast operations get UUID samples, so all four are called below with their first example.
 */
const NOT_SERVED = 0;

/** Every generated (non-curated) operation, reads and writes alike, in catalog order. */
function generatedOperations(): CatalogOperation[] {
  return adsCatalog().operations.filter((op) => {
    const key = `${op.recipe.method} ${op.recipe.path}`;
    return !curatedKeys.has(key) && !SPEC_QUIRKS.has(key) && op.examples.length > 0;
  });
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

describe('the generated Ads catalog', () => {
  it('every example of every served operation validates against its inputSchema (the contract validator)', () => {
    const served = adsCatalog().operations.filter((op) => op.examples.length > 0);
    expect(served).toHaveLength(556 - NOT_SERVED);
    const invalid = served.flatMap((op) => {
      const validate = sharedAjv().compile(op.inputSchema);
      return op.examples.flatMap((ex, i) =>
        validate(ex) ? [] : [`${op.name}#${i}: ${JSON.stringify(validate.errors?.[0])}`],
      );
    });
    expect(invalid).toEqual([]);
  });
});

describe('generated Ads tools over stdio', () => {
  const ops = generatedOperations();

  it('covers every generated operation but the one whose spec contradicts itself', () => {
    expect(ops).toHaveLength(556 - NOT_SERVED - curatedKeys.size - SPEC_QUIRKS.size);
  });

  it('each generated tool is listed, and its first example succeeds with the spec media types', {
    timeout: 600_000,
  }, async () => {
    const names = await listedNames();
    expect(names.size).toBe(556 - NOT_SERVED);
    const failures: string[] = [];
    for (const op of ops) {
      const name = names.get(`${op.recipe.method} ${op.recipe.path}`);
      if (!name) {
        failures.push(`${op.name}: not listed`);
        continue;
      }
      const args = SERVED_ENTITY_ARGS[`${op.recipe.method} ${op.recipe.path}`] ?? op.examples[0] ?? {};
      const out = await callTool(s.client, name, args);
      if (out.envelope) failures.push(`${name}: ${out.envelope.error_code} ${out.envelope.summary}`);
    }
    expect(failures.join('\n')).toBe('');
  });

  it('bad input to each generated tool is an mcp_input_validation envelope', {
    timeout: 600_000,
  }, async () => {
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

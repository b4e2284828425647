// readAllPages against a scripted client: the maxPages bound, `truncated`, and what each page request asks for.
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import type { CallScope, OpenbridgeClient, OpenbridgeRequest } from '../src/http/client.js';
import { readAllPages } from '../src/tools/paging.js';

/** A client whose list has `total` pages of one row each; `links.next` is empty on the last page. */
function pagedClient(total: number) {
  const requests: OpenbridgeRequest[] = [];
  const client = {
    call: async (req: OpenbridgeRequest) => {
      requests.push(req);
      const p = Number(req.query?.page);
      return {
        data: [{ id: String(p), type: 'row', attributes: { n: p } }],
        links: { next: p < total ? `https://api.test/rows?page=${p + 1}` : '' },
        meta: { pagination: { page: p, pages: total, count: total } },
      };
    },
  };
  return { client: client as unknown as OpenbridgeClient, requests };
}

const scope: CallScope = { meta: createMetaCollector(), signal: new AbortController().signal };
const ids = (items: Array<Record<string, unknown>>) => items.map((i) => i.id);

describe('readAllPages: the maxPages bound (mutation sample B3)', () => {
  it('reads a list of exactly maxPages pages to its end: every row, not truncated', async () => {
    const { client, requests } = pagedClient(2);
    const all = await readAllPages(client, scope, { operation: 'listProducts', maxPages: 2 });
    expect(all).toMatchObject({ truncated: false, pages_read: 2 });
    expect(ids(all.items)).toEqual([1, 2]);
    expect(all.bodies).toHaveLength(2);
    expect(requests.map((r) => r.query?.page)).toEqual([1, 2]);
  });

  it('stops after maxPages pages when the API still announces a next page, and says truncated', async () => {
    const { client, requests } = pagedClient(3);
    const all = await readAllPages(client, scope, { operation: 'listProducts', maxPages: 2 });
    expect(all).toMatchObject({ truncated: true, pages_read: 2 });
    expect(ids(all.items)).toEqual([1, 2]);
    expect(requests).toHaveLength(2);
  });

  it('stops at the first page without a next link, well under the bound', async () => {
    const { client, requests } = pagedClient(1);
    const all = await readAllPages(client, scope, { operation: 'listProducts', maxPages: 5 });
    expect(all).toMatchObject({ truncated: false, pages_read: 1 });
    expect(requests).toHaveLength(1);
  });

  it('sends the page number, page_size, params and resource it is given, and nothing it is not', async () => {
    const given = pagedClient(1);
    await readAllPages(given.client, scope, {
      operation: 'listProductPayloads',
      params: { product_id: 85 },
      query: { stage_id__gte: 1000 },
      resource: 'product',
      pageSize: 50,
      maxPages: 1,
    });
    expect(given.requests[0]).toEqual({
      operation: 'listProductPayloads',
      params: { product_id: 85 },
      query: { stage_id__gte: 1000, page: 1, page_size: 50 },
      resource: 'product',
    });
    const bare = pagedClient(1);
    await readAllPages(bare.client, scope, { operation: 'listProducts', maxPages: 1 });
    expect(bare.requests[0]).toEqual({ operation: 'listProducts', query: { page: 1 } });
  });
});

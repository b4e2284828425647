// readAllPages against a scripted send: the maxPages bound, `truncated`, and what each page request asks for.
import type { CallContext } from '@obmcp/contract';
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import type { OpenbridgeExtra } from '../src/http/client.js';
import type { Send } from '../src/operations/bind.js';
import { readAllPages } from '../src/tools/paging.js';

interface SentPage {
  args: Record<string, unknown>;
  extra: OpenbridgeExtra | undefined;
}

/** A list operation with `total` pages of one row each; `links.next` is empty on the last page. */
function pagedClient(total: number) {
  const requests: SentPage[] = [];
  const send: Send = async (args, _call, extra) => {
    requests.push({ args, extra });
    const p = Number(args.page);
    return {
      data: [{ id: String(p), type: 'row', attributes: { n: p } }],
      links: { next: p < total ? `https://api.test/rows?page=${p + 1}` : '' },
      meta: { pagination: { page: p, pages: total, count: total } },
    };
  };
  return { client: send, requests };
}

const scope = { meta: createMetaCollector(), signal: new AbortController().signal } as CallContext;
const ids = (items: Array<Record<string, unknown>>) => items.map((i) => i.id);

describe('readAllPages: the maxPages bound (mutation sample B3)', () => {
  it('reads a list of exactly maxPages pages to its end: every row, not truncated', async () => {
    const { client, requests } = pagedClient(2);
    const all = await readAllPages(client, scope, { maxPages: 2 });
    expect(all).toMatchObject({ truncated: false, pages_read: 2 });
    expect(ids(all.items)).toEqual([1, 2]);
    expect(all.bodies).toHaveLength(2);
    expect(requests.map((r) => r.args.page)).toEqual([1, 2]);
  });

  it('stops after maxPages pages when the API still announces a next page, and says truncated', async () => {
    const { client, requests } = pagedClient(3);
    const all = await readAllPages(client, scope, { maxPages: 2 });
    expect(all).toMatchObject({ truncated: true, pages_read: 2 });
    expect(ids(all.items)).toEqual([1, 2]);
    expect(requests).toHaveLength(2);
  });

  it('stops at the first page without a next link, well under the bound', async () => {
    const { client, requests } = pagedClient(1);
    const all = await readAllPages(client, scope, { maxPages: 5 });
    expect(all).toMatchObject({ truncated: false, pages_read: 1 });
    expect(requests).toHaveLength(1);
  });

  it('sends the page number, page_size, arguments and resource it is given, and nothing it is not', async () => {
    const given = pagedClient(1);
    await readAllPages(given.client, scope, {
      args: { product_id: 85, stage_id__gte: 1000 },
      resource: 'product',
      pageSize: 50,
      maxPages: 1,
    });
    expect(given.requests[0]).toEqual({
      args: { product_id: 85, stage_id__gte: 1000, page: 1, page_size: 50 },
      extra: { resource: 'product' },
    });
    const bare = pagedClient(1);
    await readAllPages(bare.client, scope, { maxPages: 1 });
    expect(bare.requests[0]).toEqual({ args: { page: 1 }, extra: {} });
  });
});

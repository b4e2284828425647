// Which Openbridge identities list_identities shows: type 14 only, ids set_active_identity accepts, every page followed (at most 100), a body without data refused.
import { UpstreamTransportError } from '@obmcp/contract';
import type { Pipeline } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { listAdsIdentities } from '../../src/auth/openbridge-identities.js';

/** A remote-identity API answering page n with `pages[n - 1]` (the last repeats), recording each request. */
function sri(...pages: unknown[]) {
  const asked: Array<Record<string, unknown>> = [];
  const pipeline = {
    exchange: async (req: Record<string, unknown>) => {
      asked.push(req);
      return { status: 200, body: pages[Math.min(asked.length - 1, pages.length - 1)] };
    },
  } as unknown as Pipeline;
  return { asked, pipeline };
}

const identity = (id: unknown, attributes: Record<string, unknown> = {}) => ({
  id,
  type: 'RemoteIdentity',
  attributes,
});

describe('listAdsIdentities', () => {
  it('asks /sri for type-14 identities a hundred at a time and maps each one', async () => {
    const { asked, pipeline } = sri({
      data: [
        identity('7460', { name: 'Main US', region: 'US', invalid_identity: 0 }),
        identity(12, { name: 'x'.repeat(200), region: 7, invalid_identity: 1 }),
        identity(13, { invalid_identity: true }),
        identity(14),
      ],
      links: { next: '' },
    });
    const signal = new AbortController().signal;
    expect(await listAdsIdentities(pipeline, signal)).toEqual([
      { id: 7460, name: 'Main US', region: 'US', invalid: false },
      { id: 12, name: `${'x'.repeat(119)}…`, region: null, invalid: true },
      { id: 13, name: '', region: null, invalid: true },
      { id: 14, name: '', region: null, invalid: false },
    ]);
    expect(asked).toEqual([
      {
        operation: 'listSharedRemoteIdentities',
        method: 'GET',
        path: 'https://remote-identity.api.openbridge.io/sri',
        query: { remote_identity_type: 14, page: 1, page_size: 100 },
        signal,
      },
    ]);
    await listAdsIdentities(pipeline);
    expect(asked[1]).not.toHaveProperty('signal');
  });

  it('drops ids set_active_identity would refuse: null, empty, zero, negative, fractional, text', async () => {
    const { pipeline } = sri({
      data: [
        identity(null),
        identity(''),
        identity(0),
        identity(-3),
        identity(1.5),
        identity('abc'),
        identity(1),
        {},
      ],
    });
    expect((await listAdsIdentities(pipeline)).map((i) => i.id)).toEqual([1]);
  });

  it('follows links.next page by page, and stops at a hundred pages', async () => {
    const two = sri(
      { data: [identity(1)], links: { next: 'https://remote-identity.api.openbridge.io/sri?page=2' } },
      { data: [identity(2)], links: {} },
    );
    expect((await listAdsIdentities(two.pipeline)).map((i) => i.id)).toEqual([1, 2]);
    expect(two.asked.map((r) => (r.query as { page: number }).page)).toEqual([1, 2]);
    const endless = sri({ data: [identity(5)], links: { next: 'more' } });
    const all = await listAdsIdentities(endless.pipeline);
    expect(endless.asked).toHaveLength(100);
    expect(all).toHaveLength(100);
    const odd = sri({ data: [identity(5)], links: { next: 42 } });
    await listAdsIdentities(odd.pipeline);
    expect(odd.asked).toHaveLength(1);
  });

  it('an answer without a data array is an invalid response', async () => {
    for (const [body, type] of [
      [{ data: { id: 1 } }, 'object'],
      [{}, 'undefined'],
      [null, 'undefined'],
    ] as const) {
      const error = await listAdsIdentities(sri(body).pipeline).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamTransportError);
      const e = error as UpstreamTransportError;
      expect(e.code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect(e.summary).toBe('Openbridge /sri answered without a data array.');
      expect(e.details).toEqual([
        { path: 'data', issue: 'expected an array of remote identities', received_type: type },
      ]);
    }
  });
});

// Unit (src): run_snapshot as an agent calls it: the request per ad product (path with the record type, the filters
// only in the body), the status polls, the download through the API (a file answer, no Accept), the rows; and the
// FAILURE, not-done and tacticFilter answers.
import { gzipSync } from 'node:zlib';
import type { Envelope } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, json, type Sent, toolRig } from './ads-rig.js';

const PROFILE = { ADS_API_PROFILE_ID: '777' };
const ROWS = [{ campaignId: 1 }, { campaignId: 2 }, { campaignId: 3 }];

/** The v2 snapshot upstream of one product (`/v2/sp` or `/sd`): IN_PROGRESS for `polls` gets, then `final`. */
function snapshots(prefix: string, final: Record<string, unknown>, polls = 1) {
  let gets = 0;
  return (req: Sent): Answer => {
    const path = new URL(req.url).pathname;
    if (req.method === 'POST' && path.startsWith(prefix) && path.endsWith('/snapshot'))
      return json({ snapshotId: 123, status: 'IN_PROGRESS' });
    if (req.method === 'GET' && path === `${prefix}/snapshots/123`) {
      gets += 1;
      return json(
        gets <= polls ? { snapshotId: '123', status: 'IN_PROGRESS' } : { snapshotId: '123', ...final },
      );
    }
    if (req.method === 'GET' && path === `${prefix}/snapshots/123/download`)
      return {
        body: new Uint8Array(gzipSync(Buffer.from(JSON.stringify(ROWS)))),
        headers: { 'content-type': 'application/octet-stream' },
      };
    return json({ message: `unexpected ${req.method} ${path}` }, 500);
  };
}

async function ok(r: ReturnType<typeof toolRig>, args: Record<string, unknown>) {
  const outcome = await r.call('run_snapshot', args);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
  return outcome.value as Record<string, unknown>;
}

describe('run_snapshot', () => {
  it('each ad product: its request path, the filters as the body, the status polls, the downloaded rows', async () => {
    for (const [adProduct, prefix] of [
      ['SPONSORED_PRODUCTS', '/v2/sp'],
      ['SPONSORED_DISPLAY', '/sd'],
    ] as const) {
      const r = toolRig(snapshots(prefix, { status: 'SUCCESS' }), PROFILE);
      const out = await ok(r, {
        adProduct,
        recordType: 'campaigns',
        stateFilter: 'enabled, paused',
        maxRows: 10,
      });
      expect(out, adProduct).toEqual({
        snapshotId: '123',
        adProduct,
        recordType: 'campaigns',
        status: 'SUCCESS',
        ready: true,
        totalRows: 3,
        returnedRows: 3,
        truncated: false,
        rows: ROWS,
      });
      expect(r.sent.map((s) => `${s.method} ${s.url}`)).toEqual([
        `POST https://advertising-api.amazon.com${prefix}/campaigns/snapshot`,
        `GET https://advertising-api.amazon.com${prefix}/snapshots/123`,
        `GET https://advertising-api.amazon.com${prefix}/snapshots/123`,
        `GET https://advertising-api.amazon.com${prefix}/snapshots/123/download`,
      ]);
      expect(JSON.parse(r.sent[0]?.body ?? '')).toEqual({ stateFilter: 'enabled, paused' });
      expect(r.sent[0]?.headers).toMatchObject({
        'amazon-advertising-api-scope': '777',
        'content-type': 'application/json',
      });
      expect(r.sent[3]?.headers).not.toHaveProperty('accept');
    }
  });

  it('a Sponsored Display snapshot sends its tacticFilter; a Sponsored Products one refuses it before any request', async () => {
    const sd = toolRig(snapshots('/sd', { status: 'SUCCESS' }, 0), PROFILE);
    await ok(sd, { adProduct: 'SPONSORED_DISPLAY', recordType: 'targets', tacticFilter: 'T00020' });
    expect(JSON.parse(sd.sent[0]?.body ?? '')).toEqual({ tacticFilter: 'T00020' });
    expect(sd.sent[0]?.url).toBe('https://advertising-api.amazon.com/sd/targets/snapshot');
    const sp = toolRig(snapshots('/v2/sp', { status: 'SUCCESS' }), PROFILE);
    const outcome = await sp.call('run_snapshot', {
      adProduct: 'SPONSORED_PRODUCTS',
      recordType: 'targets',
      tacticFilter: 'T00020',
    });
    expect(outcome.ok).toBe(false);
    const envelope = (outcome as { envelope: Envelope }).envelope;
    expect(envelope.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(envelope.summary).toBe('tacticFilter applies to SPONSORED_DISPLAY snapshots only.');
    expect(envelope.details).toEqual([
      {
        path: 'tacticFilter',
        issue: 'not a filter of a Sponsored Products snapshot',
        received_type: 'string',
      },
    ]);
    expect(envelope.hints).toContain("Drop tacticFilter, or use adProduct 'SPONSORED_DISPLAY'.");
    expect(sp.sent).toEqual([]);
  });

  it('a 503 on the snapshot request is not repeated (a second snapshot would start)', async () => {
    const r = toolRig(() => json({ code: 'SERVER_ERROR' }, 503), { ...PROFILE, ADS_API_MAX_ATTEMPTS: '3' });
    const outcome = await r.call('run_snapshot', {
      adProduct: 'SPONSORED_PRODUCTS',
      recordType: 'campaigns',
      waitSeconds: 60,
    });
    expect(outcome.ok).toBe(false);
    expect(r.sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /v2/sp/campaigns/snapshot',
    ]);
  });

  it('a downloaded snapshot file that is not a JSON array is UPSTREAM_INVALID_RESPONSE naming the snapshot file', async () => {
    const api = snapshots('/v2/sp', { status: 'SUCCESS' }, 0);
    const r = toolRig(
      (req: Sent): Answer =>
        req.url.endsWith('/download')
          ? {
              body: new Uint8Array(gzipSync(Buffer.from('{"not":"rows"}'))),
              headers: { 'content-type': 'application/octet-stream' },
            }
          : api(req),
      PROFILE,
    );
    const outcome = await r.call('run_snapshot', {
      adProduct: 'SPONSORED_PRODUCTS',
      recordType: 'campaigns',
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.envelope).toMatchObject({
      error_code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'The snapshot file is not a JSON array (GZIP_JSON).',
    });
  });

  it('a FAILURE answers its status details and no rows', async () => {
    const r = toolRig(snapshots('/v2/sp', { status: 'FAILURE', statusDetails: 'no access' }), PROFILE);
    expect(await ok(r, { adProduct: 'SPONSORED_PRODUCTS', recordType: 'keywords' })).toEqual({
      snapshotId: '123',
      adProduct: 'SPONSORED_PRODUCTS',
      recordType: 'keywords',
      status: 'FAILURE',
      ready: false,
      statusDetails: 'no access',
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
    });
    expect(r.sent.some((s) => s.url.endsWith('/download'))).toBe(false);
  });

  it('not done in time: ready:false and a warning naming the product tools to call later', async () => {
    for (const [adProduct, prefix, later] of [
      ['SPONSORED_PRODUCTS', '/v2/sp', 'get_snapshot_status, then download_snapshot_sp'],
      ['SPONSORED_DISPLAY', '/sd', 'get_snapshot, then download_snapshot_sd'],
    ] as const) {
      const r = toolRig(snapshots(prefix, { status: 'SUCCESS' }, 1000), PROFILE);
      expect(await ok(r, { adProduct, recordType: 'campaigns', waitSeconds: 0 })).toEqual({
        snapshotId: '123',
        adProduct,
        recordType: 'campaigns',
        status: 'IN_PROGRESS',
        ready: false,
        totalRows: null,
        returnedRows: 0,
        truncated: false,
        rows: [],
        _meta: {
          warnings: [
            {
              kind: 'partial_results',
              summary: 'Snapshot 123 is still IN_PROGRESS after 0 s.',
              details: [
                { path: 'waitSeconds', issue: 'snapshot not done in time', received_type: 'integer' },
              ],
              hints: [
                `Call ${later} with snapshotId='123' later (a snapshot file expires 30 minutes after it is generated).`,
              ],
            },
          ],
        },
      });
    }
  });

  it('maxRows caps the rows with a warning that names stateFilter', async () => {
    const r = toolRig(snapshots('/v2/sp', { status: 'SUCCESS' }, 0), {
      ...PROFILE,
      ADS_REPORT_MAX_ROWS: '2',
    });
    const out = await ok(r, { adProduct: 'SPONSORED_PRODUCTS', recordType: 'campaigns' });
    expect(out).toMatchObject({ totalRows: 3, returnedRows: 2, truncated: true, rows: ROWS.slice(0, 2) });
    expect((out._meta as { warnings: Array<{ summary: string }> }).warnings[0]?.summary).toBe(
      'Returned 2 of 3 snapshot rows (row cap).',
    );
    expect((out._meta as { warnings: Array<{ hints: string[] }> }).warnings[0]?.hints).toEqual([
      'Narrow the snapshot (stateFilter) to receive every row.',
    ]);
  });
});

// Unit (src): run_export as an agent calls it: the create request per export type (path, media type, the filters
// only, never waitSeconds or maxRows), the status polls in the create's media type, the export file's rows, and
// the FAILED, not-done and targets-only-filter answers.
import { gzipSync } from 'node:zlib';
import type { Envelope } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, json, type Sent, toolRig } from './ads-rig.js';

const PROFILE = { ADS_API_PROFILE_ID: '777' };
const FILE = 'https://offline-export-storage.s3.amazonaws.com/exp.json.gz?X-Amz-Signature=x';
const ROWS = [{ campaignId: 'c1' }, { campaignId: 'c2' }, { campaignId: 'c3' }];

/** The Exports upstream: create answers PROCESSING, then `polls` PROCESSING gets before `final`. */
function exportsApi(final: Record<string, unknown>, polls = 1) {
  let gets = 0;
  return (req: Sent): Answer => {
    const path = new URL(req.url).pathname;
    if (req.method === 'POST' && path.endsWith('/export'))
      return json({ exportId: 'exp-1', status: 'PROCESSING' });
    if (req.method === 'GET' && path === '/exports/exp-1') {
      gets += 1;
      return json(
        gets <= polls ? { exportId: 'exp-1', status: 'PROCESSING' } : { exportId: 'exp-1', ...final },
      );
    }
    if (req.url === FILE)
      return {
        body: new Uint8Array(gzipSync(Buffer.from(JSON.stringify(ROWS)))),
        headers: { 'content-type': 'application/octet-stream' },
      };
    return json({ message: `unexpected ${req.method} ${path}` }, 500);
  };
}

async function ok(r: ReturnType<typeof toolRig>, args: Record<string, unknown>) {
  const outcome = await r.call('run_export', args);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
  return outcome.value as Record<string, unknown>;
}

describe('run_export', () => {
  it('each export type: its create path and media type, the status read in that media type, the rows', async () => {
    for (const [type, path, media] of [
      ['campaigns', '/campaigns/export', 'application/vnd.campaignsexport.v1+json'],
      ['adGroups', '/adGroups/export', 'application/vnd.adgroupsexport.v1+json'],
      ['ads', '/ads/export', 'application/vnd.adsexport.v1+json'],
      ['targets', '/targets/export', 'application/vnd.targetsexport.v1+json'],
    ] as const) {
      const r = toolRig(
        exportsApi({ status: 'COMPLETED', url: FILE, generatedAt: '2026-04-01T00:00:00Z' }),
        PROFILE,
      );
      const out = await ok(r, { exportType: type, stateFilter: ['ENABLED'] });
      expect(out, type).toEqual({
        exportId: 'exp-1',
        exportType: type,
        status: 'COMPLETED',
        ready: true,
        generatedAt: '2026-04-01T00:00:00Z',
        totalRows: 3,
        returnedRows: 3,
        truncated: false,
        rows: ROWS,
      });
      const [create, poll1, poll2, file] = r.sent;
      expect(create?.method).toBe('POST');
      expect(create?.url).toBe(`https://advertising-api.amazon.com${path}`);
      expect(create?.headers).toMatchObject({
        'amazon-advertising-api-scope': '777',
        accept: media,
        'content-type': media,
      });
      expect(JSON.parse(create?.body ?? '')).toEqual({ stateFilter: ['ENABLED'] });
      for (const poll of [poll1, poll2]) {
        expect(poll?.url).toBe('https://advertising-api.amazon.com/exports/exp-1');
        expect(poll?.headers.accept).toBe(media);
      }
      expect(file?.url).toBe(FILE);
      expect(file?.headers).not.toHaveProperty('authorization');
      expect(r.sent).toHaveLength(4);
    }
  });

  it('sends every filter given and nothing else', async () => {
    const r = toolRig(exportsApi({ status: 'COMPLETED', url: FILE }, 0), PROFILE);
    await ok(r, {
      exportType: 'targets',
      adProductFilter: ['SPONSORED_PRODUCTS'],
      stateFilter: ['ENABLED', 'PAUSED'],
      targetLevelFilter: ['AD_GROUP'],
      negativeFilter: [false],
      targetTypeFilter: ['KEYWORD'],
      waitSeconds: 30,
      maxRows: 10,
    });
    expect(JSON.parse(r.sent[0]?.body ?? '')).toEqual({
      adProductFilter: ['SPONSORED_PRODUCTS'],
      stateFilter: ['ENABLED', 'PAUSED'],
      targetLevelFilter: ['AD_GROUP'],
      negativeFilter: [false],
      targetTypeFilter: ['KEYWORD'],
    });
    const bare = toolRig(exportsApi({ status: 'COMPLETED', url: FILE }, 0), PROFILE);
    await ok(bare, { exportType: 'campaigns' });
    expect(JSON.parse(bare.sent[0]?.body ?? '')).toEqual({});
  });

  it('a 503 on create is not repeated (a second export would start) and a COMPLETED export without url is not ready', async () => {
    const r = toolRig(() => json({ code: 'SERVER_ERROR' }, 503), { ...PROFILE, ADS_API_MAX_ATTEMPTS: '3' });
    const outcome = await r.call('run_export', { exportType: 'campaigns', waitSeconds: 60 });
    expect(outcome.ok).toBe(false);
    expect(r.sent).toHaveLength(1);
    const noUrl = toolRig(exportsApi({ status: 'COMPLETED' }, 0), PROFILE);
    expect(await ok(noUrl, { exportType: 'campaigns', waitSeconds: 60 })).toMatchObject({
      exportId: 'exp-1',
      status: 'COMPLETED',
      ready: false,
      rows: [],
    });
    expect(noUrl.sent.filter((s) => !s.url.startsWith('https://advertising-api'))).toEqual([]);
  });

  it('a targets-only filter on another export type is refused before any request', async () => {
    for (const [filter, value] of [
      ['targetLevelFilter', ['CAMPAIGN']],
      ['negativeFilter', [true]],
      ['targetTypeFilter', ['AUTO']],
    ] as const) {
      const r = toolRig(exportsApi({ status: 'COMPLETED', url: FILE }), PROFILE);
      const outcome = await r.call('run_export', { exportType: 'ads', [filter]: value });
      expect(outcome.ok).toBe(false);
      const envelope = (outcome as { envelope: Envelope }).envelope;
      expect(envelope.error_code).toBe('INPUT_VALIDATION_FAILED');
      expect(envelope.summary).toBe(`${filter} applies to exportType 'targets' only.`);
      expect(envelope.details).toEqual([
        { path: filter, issue: 'not a filter of a ads export', received_type: 'array' },
      ]);
      expect(envelope.hints).toContain(`Drop ${filter}, or use exportType 'targets'.`);
      expect(r.sent).toEqual([]);
    }
  });

  it('a FAILED export answers its error and no rows, without a still-running warning', async () => {
    const r = toolRig(
      exportsApi({ status: 'FAILED', error: { errorCode: 'E1', message: 'broken' } }),
      PROFILE,
    );
    expect(await ok(r, { exportType: 'ads' })).toEqual({
      exportId: 'exp-1',
      exportType: 'ads',
      status: 'FAILED',
      ready: false,
      error: { errorCode: 'E1', message: 'broken' },
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
    });
  });

  it('not done in time: ready:false and a warning naming get_export with the media type', async () => {
    const r = toolRig(exportsApi({ status: 'COMPLETED', url: FILE }, 1000), PROFILE);
    expect(await ok(r, { exportType: 'campaigns', waitSeconds: 0 })).toEqual({
      exportId: 'exp-1',
      exportType: 'campaigns',
      status: 'PROCESSING',
      ready: false,
      totalRows: null,
      returnedRows: 0,
      truncated: false,
      rows: [],
      _meta: {
        warnings: [
          {
            kind: 'partial_results',
            summary: 'Export exp-1 is still PROCESSING after 0 s.',
            details: [{ path: 'waitSeconds', issue: 'export not done in time', received_type: 'integer' }],
            hints: [
              "Call get_export with exportId='exp-1' and Accept='application/vnd.campaignsexport.v1+json' later; its url is the gzip JSON file.",
            ],
          },
        ],
      },
    });
  });

  it('an export answer without a status reads as PROCESSING', async () => {
    const r = toolRig((): Answer => json({ exportId: 'exp-1' }), PROFILE);
    expect(await ok(r, { exportType: 'campaigns', waitSeconds: 0 })).toMatchObject({
      exportId: 'exp-1',
      status: 'PROCESSING',
      ready: false,
    });
  });

  it('a downloaded export file that is not a JSON array is UPSTREAM_INVALID_RESPONSE naming the export file', async () => {
    const api = exportsApi({ status: 'COMPLETED', url: FILE }, 0);
    const r = toolRig(
      (req: Sent): Answer =>
        req.url === FILE
          ? {
              body: new Uint8Array(gzipSync(Buffer.from('{"not":"rows"}'))),
              headers: { 'content-type': 'application/octet-stream' },
            }
          : api(req),
      PROFILE,
    );
    const outcome = await r.call('run_export', { exportType: 'campaigns' });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.envelope).toMatchObject({
      error_code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'The export file is not a JSON array (GZIP_JSON).',
    });
  });

  it('maxRows caps the rows, and the row-cap warning names the export filters', async () => {
    const r = toolRig(exportsApi({ status: 'COMPLETED', url: FILE }, 0), PROFILE);
    const out = await ok(r, { exportType: 'campaigns', maxRows: 2 });
    expect(out).toMatchObject({ totalRows: 3, returnedRows: 2, truncated: true, rows: ROWS.slice(0, 2) });
    expect(out).not.toHaveProperty('generatedAt');
    expect((out._meta as { warnings: Array<{ summary: string }> }).warnings[0]?.summary).toBe(
      'Returned 2 of 3 export rows (row cap).',
    );
    expect((out._meta as { warnings: Array<{ hints: string[] }> }).warnings[0]?.hints).toEqual([
      'Narrow the export (stateFilter, adProductFilter) to receive every row.',
    ]);
  });
});

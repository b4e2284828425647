// Ads exports and snapshots as the API runs them: created in progress, done on the job clock
// (OBMCP_MOCK_ADS_JOB_MS), FAILED / FAILURE when OBMCP_MOCK_ADS_JOB_OUTCOME=failed, the gzip JSON file at the
// pre-signed location (S3 refuses a second auth mechanism), a snapshot download answering a 307 to it.
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { checkResponse, loadOperation, matchRoute } from '../src/spec/index.js';
import { ADS_BASE, authHeaders } from './support/spec-calls.js';

const server = startMockServer();
afterEach(() => {
  delete process.env.OBMCP_MOCK_ADS_JOB_MS;
  delete process.env.OBMCP_MOCK_ADS_JOB_OUTCOME;
});
afterAll(() => server.close());

const CAMPAIGNS = 'application/vnd.campaignsexport.v1+json';
/** Schema problems of every success these tests received (each checked against its operation's responses). */
const problems: string[] = [];

async function ads(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${ADS_BASE}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { ...authHeaders('amazon-ads'), ...(init.headers as Record<string, string>) },
  });
  const hit = matchRoute('amazon-ads', init.method ?? 'GET', new URL(`${ADS_BASE}${path}`).pathname);
  if (!hit) throw new Error(`no operation for ${path}`);
  if (res.status >= 400) return res;
  const text = await res.clone().text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  const op = await loadOperation(hit.route);
  for (const p of checkResponse(op, res.status, res.headers.get('content-type'), body))
    problems.push(`${init.method ?? 'GET'} ${path} → ${res.status}: ${p.message}`);
  return res;
}

afterAll(() => expect(problems).toEqual([]));
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const gunzipped = async (res: Response) =>
  JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as Record<string, unknown>[];

async function createExport(): Promise<string> {
  const res = await ads('/campaigns/export', {
    method: 'POST',
    body: JSON.stringify({ adProductFilter: ['SPONSORED_PRODUCTS'], stateFilter: ['ENABLED'] }),
    headers: { accept: CAMPAIGNS, 'content-type': CAMPAIGNS },
  });
  expect(res.status).toBe(202);
  const body = await json(res);
  expect(body).toMatchObject({ status: 'PROCESSING' });
  return String(body.exportId);
}
const pollExport = async (id: string) =>
  json(await ads(`/exports/${encodeURIComponent(id)}`, { headers: { accept: CAMPAIGNS } }));

describe('exports on the job clock', () => {
  it('stay PROCESSING for OBMCP_MOCK_ADS_JOB_MS, then COMPLETED with a url serving the gzip JSON rows', async () => {
    // Bounds only from below (never "done within"): a loaded machine may poll late, never early.
    process.env.OBMCP_MOCK_ADS_JOB_MS = '2000';
    const created = Date.now();
    const id = await createExport();
    expect(await pollExport(id)).toMatchObject({ status: 'PROCESSING' });
    let done: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          done = await pollExport(id);
          return done.status;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe('COMPLETED');
    expect(Date.now() - created).toBeGreaterThanOrEqual(2000);
    expect(done).toMatchObject({ exportId: id, status: 'COMPLETED', fileSize: expect.any(Number) });
    const file = await fetch(String(done.url));
    expect(file.status).toBe(200);
    const rows = await gunzipped(file);
    expect(rows.length).toBeGreaterThan(0);
    // The request's stateFilter decides the rows.
    expect(rows.every((r) => r.state === 'ENABLED' && r.adProduct === 'SPONSORED_PRODUCTS')).toBe(true);
  });

  it('the file refuses a request that also carries Authorization (S3: one auth mechanism)', async () => {
    const id = await createExport();
    await pollExport(id);
    const done = await pollExport(id);
    const res = await fetch(String(done.url), { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('InvalidArgument');
  });

  it('end FAILED with the documented error when OBMCP_MOCK_ADS_JOB_OUTCOME=failed', async () => {
    process.env.OBMCP_MOCK_ADS_JOB_OUTCOME = 'failed';
    const id = await createExport();
    await pollExport(id);
    const failed = await pollExport(id);
    expect(failed).toMatchObject({ status: 'FAILED', error: { errorCode: 'TIMED_OUT' } });
    expect(failed.url).toBeUndefined();
  });
});

describe('v2 snapshots', () => {
  it.each([
    ['SP', '/v2/sp', 200],
    ['SD', '/sd', 202],
  ] as const)(
    '%s: IN_PROGRESS, then SUCCESS with location; the download 307s to the gzip file',
    async (_p, base, statusCode) => {
      const created = await ads(`${base}/campaigns/snapshot`, {
        method: 'POST',
        body: JSON.stringify({ stateFilter: 'enabled' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(created.status).toBe(202);
      const { snapshotId, status } = await json(created);
      expect(status).toBe('IN_PROGRESS');
      const path = `${base}/snapshots/${encodeURIComponent(String(snapshotId))}`;
      const early = await ads(`${path}/download`);
      expect(early.status).toBe(404);
      expect(await json(await ads(path))).toMatchObject({ status: 'IN_PROGRESS' });
      const done = await ads(path);
      expect(done.status).toBe(statusCode);
      const view = await json(done);
      expect(view).toMatchObject({ status: 'SUCCESS', location: `${ADS_BASE}${path}/download` });
      const redirect = await ads(`${path}/download`);
      expect(redirect.status).toBe(307);
      const file = await fetch(String(redirect.headers.get('location')));
      const rows = await gunzipped(file);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.state === 'enabled')).toBe(true);
    },
  );

  it('an SP record type outside the spec enum is a 400; FAILURE when OBMCP_MOCK_ADS_JOB_OUTCOME=failed', async () => {
    const bad = await ads('/v2/sp/portfolios/snapshot', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    process.env.OBMCP_MOCK_ADS_JOB_OUTCOME = 'failed';
    const created = await json(
      await ads('/v2/sp/adGroups/snapshot', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    const path = `/v2/sp/snapshots/${encodeURIComponent(String(created.snapshotId))}`;
    await ads(path);
    expect(await json(await ads(path))).toMatchObject({
      status: 'FAILURE',
      statusDetails: expect.any(String),
    });
  });
});

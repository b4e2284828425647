// AMC result files as S3 serves a pre-signed GET: CSV per file, a signature required, one auth mechanism only.
import { afterAll, describe, expect, it } from 'vitest';
import { amcResultUrls } from '../src/ads/amc-results.js';
import { REPORT_FILE_HOST } from '../src/ads/hosts.js';
import { executions, SEED_EXECUTION_ID } from '../src/ads/state.js';
import { startMockServer } from '../src/index.js';

const server = startMockServer();
afterAll(() => server.close());

function seeded() {
  const e = executions.get(SEED_EXECUTION_ID);
  if (!e) throw new Error('seeded execution missing');
  return e;
}

describe('AMC result files (pre-signed S3 objects)', () => {
  it('the seeded saved-workflow execution: one CSV file with a header row, on the storage host', async () => {
    const { downloadUrls, metadataDownloadUrls } = amcResultUrls(seeded());
    expect(downloadUrls).toHaveLength(1);
    expect(metadataDownloadUrls).toHaveLength(1);
    const url = downloadUrls[0] ?? '';
    expect(url.startsWith(`${REPORT_FILE_HOST}/amc/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('campaign_id,reach');
    expect(lines).toHaveLength(4);
  });

  it('without X-Amz-Signature → 403 AccessDenied; with an Authorization header too → 400 InvalidArgument', async () => {
    const url = amcResultUrls(seeded()).downloadUrls[0] ?? '';
    const unsigned = await fetch(url.split('?')[0] ?? url);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    const twoAuths = await fetch(url, { headers: { authorization: 'Bearer x' } });
    expect(twoAuths.status).toBe(400);
    expect(await twoAuths.text()).toContain('<Code>InvalidArgument</Code>');
  });

  it('an unknown object → 404 NoSuchKey', async () => {
    const url = amcResultUrls({ ...seeded(), workflowExecutionId: 'nope' }).downloadUrls[0] ?? '';
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('NoSuchKey');
  });
});

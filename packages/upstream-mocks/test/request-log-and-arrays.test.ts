// OBMCP_MOCK_REQUEST_LOG records every API request once, also those the spec gate refuses (with headers, no
// credentials); comma-separated array parameters sent as repeated pairs are refused like the real APIs refuse them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { ADS_BASE, authHeaders, SP_BASE } from './support/spec-calls.js';

const dir = mkdtempSync(join(tmpdir(), 'obmcp-log-'));
const log = join(dir, 'requests.jsonl');
const previous = process.env.OBMCP_MOCK_REQUEST_LOG;
let server: ReturnType<typeof startMockServer>;

beforeAll(() => {
  process.env.OBMCP_MOCK_REQUEST_LOG = log;
  server = startMockServer();
});
afterAll(() => {
  server.close();
  if (previous === undefined) delete process.env.OBMCP_MOCK_REQUEST_LOG;
  else process.env.OBMCP_MOCK_REQUEST_LOG = previous;
  rmSync(dir, { recursive: true, force: true });
});

const lines = (): { method: string; url: string; headers?: Record<string, string> }[] => {
  try {
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

async function call(family: 'sp-api' | 'amazon-ads', url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { ...authHeaders(family), ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, text: await res.text() };
}

describe('the mock request log', () => {
  it('has one line per request, answered or refused by the spec gate, with headers and no credentials', async () => {
    const before = lines().length;
    const cases = [
      // accepted
      call('amazon-ads', `${ADS_BASE}/sp/campaigns/list`, {
        method: 'POST',
        headers: {
          'content-type': 'application/vnd.spCampaign.v3+json',
          accept: 'application/vnd.spCampaign.v3+json',
        },
        body: '{}',
      }),
      // refused by the gate: wrong Content-Type (415), unknown query (400), wrong Accept (415)
      call('amazon-ads', `${ADS_BASE}/sp/campaigns/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      call(
        'sp-api',
        `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2026-01-01&Bogus=1`,
      ),
      call('sp-api', `${SP_BASE}/orders/v0/orders/%7BorderId%7D`),
    ];
    const answers = await Promise.all(cases);
    expect(answers.map((a) => a.status)).toEqual([200, 415, 400, 403]);
    const added = lines().slice(before);
    expect(added).toHaveLength(4);
    for (const entry of added) {
      expect(entry.headers).toBeDefined();
      expect(Object.keys(entry.headers ?? {})).not.toContain('authorization');
      expect(Object.keys(entry.headers ?? {})).not.toContain('x-amz-access-token');
    }
    expect(added.find((e) => e.url.includes('Bogus'))).toBeDefined();
  });
});

describe('comma-separated arrays sent as repeated pairs', () => {
  it('SP csv MarketplaceIds repeated: 400; one comma-joined value: 200', async () => {
    const repeated = await call(
      'sp-api',
      `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&MarketplaceIds=A2EUQ1WTGCTBG2&CreatedAfter=2026-01-01T00:00:00Z`,
    );
    expect(repeated.status, repeated.text).toBe(400);
    expect(repeated.text).toContain('repeated pairs');
    const joined = await call(
      'sp-api',
      `${SP_BASE}/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER%2CA2EUQ1WTGCTBG2&CreatedAfter=2026-01-01T00:00:00Z`,
    );
    expect(joined.status, joined.text).toBe(200);
  });

  it('Ads form/explode=false studyIds repeated: 400', async () => {
    const repeated = await call(
      'amazon-ads',
      `${ADS_BASE}/dsp/measurement/studies/creativeTesting?studyIds=s1&studyIds=s2`,
      { headers: { accept: 'application/vnd.studymanagement.v1.2+json' } },
    );
    expect(repeated.status, repeated.text).toBe(400);
    expect(repeated.text).toContain('repeated pairs');
  });
});

describe('multipart/form-data bodies (POST /stores/assets)', () => {
  const assets = `${ADS_BASE}/stores/assets`;
  const headers = { 'content-disposition': 'logo.png', accept: 'application/json' };

  it('a real multipart body is read and accepted', async () => {
    const form = new FormData();
    form.append('asset', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'logo.png');
    form.append('assetInfo', '{"mediaType":"brandLogo"}');
    const encoded = new Response(form);
    const res = await call('amazon-ads', assets, {
      method: 'POST',
      headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    expect(res.status, res.text).toBe(200);
  });

  it('JSON labelled multipart without a boundary, and a body that breaks its boundary: 400', async () => {
    const noBoundary = await call('amazon-ads', assets, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      body: '{"asset":"iVBORw0KGgo=","assetInfo":"{}"}',
    });
    expect(noBoundary.status, noBoundary.text).toBe(400);
    expect(noBoundary.text).toContain('boundary');
    const broken = await call('amazon-ads', assets, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--abc\r\nContent-Disposition: form-data; name="asset"\r\n\r\nx\r\n--abc--',
    });
    expect(broken.status, broken.text).toBe(400);
  });
});

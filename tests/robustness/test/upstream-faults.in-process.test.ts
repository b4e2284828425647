// Upstream faults beyond the basic matrix (in-process sp-mcp + msw overrides): each maps to its envelope, none hangs.
import { gzipSync } from 'node:zlib';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { setFault, startMockServer } from '@obmcp/upstream-mocks';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inProcessApp } from '../src/in-process.js';

const mocks = startMockServer();
afterEach(() => {
  mocks.resetHandlers();
  setFault('api', undefined);
  setFault('auth', undefined);
});
afterAll(() => mocks.close());

const SP = 'https://sellingpartnerapi-na.amazon.com';
const PARTICIPATIONS = `${SP}/sellers/v1/marketplaceParticipations`;
const ENV = { SP_API_TIMEOUT_MS: '1000', SP_API_MAX_DOCUMENT_BYTES: String(4 * 1024 * 1024) };

/**
 * One call, cancelled if it outlives `budgetMs` + 5 s: a call that hung then ends cancelled, which fails the
 * test's expected envelope. What ended the call is read from its envelope (UPSTREAM_TIMEOUT after the 1 s
 * upstream timeout, UPSTREAM_UNREACHABLE after the redirect limit …), never from a clock.
 */
async function callSp(tool: string, args: Record<string, unknown>, budgetMs: number) {
  const app = await inProcessApp('sp-mcp', ENV);
  const { outcome } = await app.call(tool, args, budgetMs + 5_000);
  if (outcome.ok) return { ok: true as const, value: outcome.value };
  expect(validateEnvelope(outcome.envelope).errors).toEqual([]);
  return { ok: false as const, envelope: outcome.envelope };
}

describe('sp-mcp upstream faults', () => {
  it('a body that stalls mid-stream → UPSTREAM_TIMEOUT within the retry budget', async () => {
    mocks.use(
      http.get(PARTICIPATIONS, () => {
        const stream = new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"payload":[{"marketplace":'));
          },
        });
        return new HttpResponse(stream, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const r = await callSp('get_marketplace_participations', {}, 8_000);
    expect(r.envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_TIMEOUT',
      retryable: true,
    });
  });

  it('a redirect loop → UPSTREAM_UNREACHABLE, fast', async () => {
    mocks.use(
      http.get(
        PARTICIPATIONS,
        () => new HttpResponse(null, { status: 302, headers: { location: PARTICIPATIONS } }),
      ),
    );
    const r = await callSp('get_marketplace_participations', {}, 6_000);
    expect(r.envelope).toMatchObject({ error_kind: 'sp_api_client', error_code: 'UPSTREAM_UNREACHABLE' });
  });

  it('a gzip bomb report document (64 MiB inflated, 4 MiB cap) → UPSTREAM_INVALID_RESPONSE', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x41));
    mocks.use(
      http.get('https://tortuga-prod-na.s3-external-1.amazonaws.com/NOT_A_REAL_BUCKET/:id', () =>
        HttpResponse.arrayBuffer(
          bomb.buffer.slice(bomb.byteOffset, bomb.byteOffset + bomb.byteLength) as ArrayBuffer,
          {
            headers: { 'content-type': 'application/octet-stream' },
          },
        ),
      ),
    );
    const r = await callSp(
      'get_report_document',
      { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip', maxChars: 5000 },
      8_000,
    );
    expect(r.envelope).toMatchObject({
      error_kind: 'sp_api_client',
      error_code: 'UPSTREAM_INVALID_RESPONSE',
    });
  });

  // Regression: sp-mcp used to answer {"participations":[]} here.
  it('200 with an SP-API error body → an envelope, not an empty success', async () => {
    mocks.use(
      http.get(PARTICIPATIONS, () =>
        HttpResponse.json({
          errors: [{ code: 'InternalFailure', message: 'We encountered an internal error.' }],
        }),
      ),
    );
    const r = await callSp('get_marketplace_participations', {}, 6_000);
    expect(r.ok, JSON.stringify(r.ok ? r.value : r.envelope).slice(0, 300)).toBe(false);
  });

  it('a slow but finite upstream (900 ms < 1 s timeout) still succeeds', async () => {
    mocks.use(
      http.get(PARTICIPATIONS, async () => {
        await delay(900);
        return HttpResponse.json({ payload: [] }, { headers: { 'x-amzn-requestid': 'slow-1' } });
      }),
    );
    const r = await callSp('get_marketplace_participations', {}, 6_000);
    expect(r.ok).toBe(true);
  });

  it('the LWA token endpoint failing (http_500) → the upstream failure it is (sp_api_http, retryable)', async () => {
    setFault('auth', 'http_500');
    const r = await callSp('get_marketplace_participations', {}, 8_000);
    expect(r.envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_500',
      retryable: true,
    });
  });
});

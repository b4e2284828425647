// Pre-flight limiter → RATE_LIMITED with retry_after from the bucket; rate-limit _meta only when the header is sent.
import { assertEnvelope, callTool } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';
import type { RunningServer } from '@obmcp/test-kit';

let sp: RunningServer;
beforeAll(async () => {
  // list_reports is listed with the reports toolset (outside the default list). No waiting for a token:
  // a call the bucket cannot serve at once is refused (the refusal under test).
  sp = await startSp({ SP_API_TOOLSETS: 'curated,reports', SP_API_LIMITER_MAX_WAIT_MS: '0' });
  // The mocks load their spec engine on the first upstream request: take that hit here, so the
  // bucket test below measures the limiter and not the mock's first-request latency.
  await callTool(sp.client, 'get_marketplace_participations');
});
afterAll(async () => {
  await sp?.close();
});

describe('limiter and rate-limit telemetry', () => {
  it('_meta rides on upstream results (text and structuredContent alike); session tools, which call no upstream, have none (docs/CLIENTS.md)', async () => {
    const upstream = await callTool(sp.client, 'get_marketplace_participations');
    const structured = upstream.raw.structuredContent as { _meta?: { request_id?: string } };
    expect(typeof structured._meta?.request_id).toBe('string');
    expect((JSON.parse(upstream.text) as { _meta?: unknown })._meta).toEqual(structured._meta);
    const session = await callTool(sp.client, 'get_region');
    expect(session.envelope).toBeUndefined();
    expect(session.raw.structuredContent).toBeDefined();
    expect((session.raw.structuredContent as { _meta?: unknown })._meta).toBeUndefined();
    expect((JSON.parse(session.text) as { _meta?: unknown })._meta).toBeUndefined();
  });

  it('getItemOffers (0.5/s, burst 1): the second immediate call is refused with retry_after from the bucket', async () => {
    const args = { asin: 'B08N5WRWNW', marketplaceId: US, itemCondition: 'New' };
    const first = await callTool(sp.client, 'get_item_offers', args);
    expect(first.envelope).toBeUndefined();
    const second = await callTool(sp.client, 'get_item_offers', args);
    assertEnvelope(second.envelope);
    expect(second.envelope).toMatchObject({
      error_kind: 'rate_limited',
      error_code: 'RATE_LIMITED',
      retryable: true,
    });
    // The bucket's time to its next token: more than nothing, at most one refill interval (1 / 0.5 s).
    // How much of the interval is left depends on the machine's speed between the calls, so no finer bound.
    const wait = (second.envelope._meta as { retry_after_seconds?: number }).retry_after_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
    expect(second.envelope.summary).toContain('getItemOffers');
    expect(second.envelope.summary).toContain('allows 0.5 request(s)/s (burst 1)');
  });

  it('_meta.rate_limit carries the fractional x-amzn-RateLimit-Limit when present', async () => {
    const { result } = await callTool(sp.client, 'get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
    });
    const meta = result?._meta as { rate_limit?: Record<string, unknown>; request_id?: string };
    expect(meta.rate_limit).toEqual({ limit_per_second: 0.0167 });
    expect(typeof meta.request_id).toBe('string');
  });

  it('no _meta.rate_limit when the upstream omits the header (best effort)', async () => {
    const { result } = await callTool(sp.client, 'get_marketplace_participations');
    const meta = (result?._meta ?? {}) as Record<string, unknown>;
    expect(meta.rate_limit).toBeUndefined();
    expect(typeof meta.request_id).toBe('string');
  });

  it('upstream 400 keeps the rate header and maps errors[] to details', async () => {
    const { envelope } = await callTool(sp.client, 'list_reports', {});
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_400',
      retryable: false,
    });
    expect(envelope.details[0]).toMatchObject({
      path: '',
      received_type: 'upstream_error',
      upstream_code: 'InvalidInput',
    });
    expect((envelope._meta as { rate_limit?: unknown }).rate_limit).toEqual({ limit_per_second: 0.0222 });
  });

  it('upstream 404 → sp_api_http SP_API_HTTP_404 with the request id', async () => {
    const { envelope } = await callTool(sp.client, 'get_order', { orderId: '999-9999999-9999999' });
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_404',
      retryable: false,
    });
    expect(typeof (envelope._meta as { request_id?: string }).request_id).toBe('string');
  });

  it('a document over SP_API_MAX_DOCUMENT_BYTES after decompression → UPSTREAM_INVALID_RESPONSE', async () => {
    const small = await startSp({ SP_API_MAX_DOCUMENT_BYTES: String(1024 * 1024) });
    try {
      const { envelope } = await callTool(small.client, 'get_report_document', {
        reportDocumentId: 'amzn1.spdoc.1.4.na.seed-huge',
      });
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({
        error_kind: 'sp_api_client',
        error_code: 'UPSTREAM_INVALID_RESPONSE',
      });
    } finally {
      await small.close();
    }
  });
});

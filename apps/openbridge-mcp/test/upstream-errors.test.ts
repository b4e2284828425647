// The real per-endpoint Openbridge error shapes over stdio (the body parser's unit tests: packages/openbridge-upstream).
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './harness.js';

describe('per-endpoint error shapes over stdio', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['get_subscription_by_id', { subscription_id: 999999 }, 'subscription', 'Not found.', 'not_found'],
    ['get_remote_identity_by_id', { remote_identity_id: 1 }, 'remote identity', 'Not found.', undefined],
    [
      'get_history_by_id',
      { history_id: 1 },
      'history transaction',
      'History transaction not found',
      undefined,
    ],
    ['get_job_by_id', { job_id: 1 }, 'job', 'Job not found.', '404'],
    ['get_product_stage_ids', { product_id: 1 }, 'product', 'Product 1 not found', undefined],
  ])('%s 404 → OPENBRIDGE_HTTP_404 with the not-found hint', async (tool, args, resource, issue, code) => {
    const { envelope } = await callTool(server.client, tool, args);
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'OPENBRIDGE_HTTP_404',
      retryable: false,
    });
    expect(envelope?.details[0]).toMatchObject({ path: '', issue, received_type: 'upstream_error' });
    expect(envelope?.details[0]?.upstream_code).toBe(code);
    expect(envelope?.hints[0]).toBe(`Verify the ${resource} id belongs to the authenticated account.`);
  });

  it('flat {error, code} 400 (non-Ads identity for the brokered token)', async () => {
    const { envelope } = await callTool(server.client, 'get_amazon_api_access_token', {
      remote_identity_id: 7461,
    });
    expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_400' });
    expect(envelope?.details[0]).toMatchObject({ upstream_code: 'INVALID_REMOTE_IDENTITY_TYPE' });
  });

  it('bare-array 400 (unknown stage id on create_job)', async () => {
    const { envelope } = await callTool(server.client, 'create_job', {
      subscription_id: 107003,
      date_start: '2025-10-01',
      date_end: '2025-10-02',
      stage_ids: [9999],
    });
    expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_400' });
    expect(envelope?.details[0]).toMatchObject({
      upstream_code: 'INVALID_STAGE',
      received_type: 'upstream_error',
    });
  });

  it('JSON:API 400 (inactive or unknown product on create_subscription)', async () => {
    const { envelope } = await callTool(server.client, 'create_subscription', {
      product_id: 999,
      name: 'x',
      storage_group_id: 1688,
      date_start: '2025-01-01T00:00:00Z',
    });
    expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_400' });
    expect(envelope?.details[0]?.issue).toMatch(/object does not exist/);
  });

  it('create_job with date_end before date_start is rejected before upstream', async () => {
    const { envelope } = await callTool(server.client, 'create_job', {
      subscription_id: 107003,
      date_start: '2025-10-05',
      date_end: '2025-10-01',
      stage_ids: [1000],
    });
    expect(envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'INPUT_VALIDATION_FAILED',
    });
    expect(envelope?.details[0]?.path).toBe('date_end');
  });
});

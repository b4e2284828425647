// A tool call's failures as the agent reads them over MCP: the whole v1 envelope, its details pointer and `_meta`.
import { exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { tool } from './helpers.js';
import { connectInMemory, envelopeOfResult, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

let lastCall: { args: unknown; call: CallContext } | undefined;

/** At most 5; records what it was handed; sets telemetry before it fails when asked to. */
const bounded: ToolDefinition = tool(
  'bounded',
  {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1, maximum: 5 }, fail: { type: 'boolean' } },
    required: ['n'],
    examples: [{ n: 1 }],
  },
  (args, call) => {
    lastCall = { args, call };
    call.meta.setRateLimit({ remaining: 3 });
    call.meta.setRequestId('rq-1');
    if (args.fail === true) throw new Error('boom in bounded');
    return { n: args.n };
  },
);

async function open(env: Record<string, string> = {}) {
  lastCall = undefined;
  const session = await connectInMemory({ tools: [...exampleTools, bounded], env });
  sessions.push(session);
  return session;
}

describe('validation failures', () => {
  it('a missing required field: the complete envelope, pointer, hints and the tool’s example', async () => {
    const { call } = await open();
    expect(envelopeOfResult(await call('list_orders', {}))).toEqual({
      error_kind: 'mcp_input_validation',
      tool: 'list_orders',
      summary: 'Required field marketplaceIds is missing.',
      details: [
        {
          path: 'marketplaceIds',
          issue: 'Required field marketplaceIds is missing.',
          received_type: 'undefined',
          field: 'marketplaceIds',
          code: 'SCHEMA_REQUIRED',
          validator: 'required',
        },
      ],
      hints: ['Required: marketplaceIds. See schema.', 'Include marketplaceIds in the request body.'],
      examples: [{ marketplaceIds: ['ATVPDKIKX0DER'] }],
      error_code: 'SCHEMA_REQUIRED',
      retryable: false,
      _envelope_version: 1,
      _meta: { hint_categories: ['missing_required'] },
    });
  });

  it('a bound: at the maximum the handler runs, one past it is SCHEMA_MAXIMUM and the handler does not', async () => {
    const { call } = await open();
    const at = await call('bounded', { n: 5 });
    expect(at.isError).toBeFalsy();
    expect(at.structuredContent).toEqual({
      n: 5,
      _meta: { rate_limit: { remaining: 3 }, request_id: 'rq-1' },
    });
    lastCall = undefined;
    const past = envelopeOfResult(await call('bounded', { n: 6 }));
    expect(lastCall).toBeUndefined();
    expect(past).toMatchObject({
      error_kind: 'mcp_input_validation',
      error_code: 'SCHEMA_MAXIMUM',
      tool: 'bounded',
      retryable: false,
      _envelope_version: 1,
      details: [{ path: 'n', code: 'SCHEMA_MAXIMUM', limit: 5, actual: 6, received_type: 'integer' }],
      hints: ['Use a value at most 5 for n.'],
      examples: [{ n: 1 }],
    });
    // nothing was collected before the refusal: no telemetry invented
    expect(past._meta?.rate_limit).toBeUndefined();
    expect(past._meta?.request_id).toBeUndefined();
    const below = envelopeOfResult(await call('bounded', { n: 0 }));
    expect(below.details[0]).toMatchObject({ path: 'n', code: 'SCHEMA_MINIMUM', limit: 1, actual: 0 });
  });

  it('the pointer of a nested field, and an unknown field under the strict rule', async () => {
    const { call } = await open();
    const nested = envelopeOfResult(
      await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], filters: [{}, { status: 4 }] }),
    );
    expect(nested.details).toEqual([
      expect.objectContaining({
        path: 'filters/1/status',
        expected_type: 'string',
        received_type: 'integer',
      }),
    ]);
    const unknown = envelopeOfResult(
      await call('list_orders', { marketplaceIds: ['ATVPDKIKX0DER'], bogus: 1 }),
    );
    expect(unknown).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ path: 'bogus', extra: 'bogus', code: 'SCHEMA_ADDITIONAL_PROPERTIES' }],
      hints: ['Remove unknown key bogus or check schema for typos.'],
    });
  });

  it('a refused call that was normalized first names the events in _meta.normalized (switch on only)', async () => {
    const renamed = {
      kind: 'renamed',
      from: 'MarketplaceIds',
      to: 'marketplaceIds',
      reason: 'schema_canonical_key',
    };
    const on = await open({ MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
    const withEvents = envelopeOfResult(await on.call('list_orders', { MarketplaceIds: ['X'] }));
    expect(withEvents.error_code).toBe('SCHEMA_ENUM_MISMATCH');
    // judged on the repaired arguments: the value the agent sent, at its canonical pointer
    expect(withEvents.details).toEqual([
      {
        path: 'marketplaceIds/0',
        issue: 'Field marketplaceIds/0 must be one of ATVPDKIKX0DER, A1PA6795UKMFR9.',
        received_type: 'string',
        field: 'marketplaceIds/0',
        code: 'SCHEMA_ENUM_MISMATCH',
        validator: 'enum',
        allowed: ['ATVPDKIKX0DER', 'A1PA6795UKMFR9'],
      },
    ]);
    expect(withEvents.hints).toEqual([
      'X is not valid for marketplaceIds/0. Valid: [ATVPDKIKX0DER, A1PA6795UKMFR9].',
      'Set marketplaceIds/0 to one of: ATVPDKIKX0DER, A1PA6795UKMFR9.',
    ]);
    expect(withEvents._meta).toEqual({ normalized: [renamed], hint_categories: ['enum_suggest'] });
    const off = await open();
    const without = envelopeOfResult(await off.call('list_orders', { MarketplaceIds: ['X'] }));
    expect(without.error_code).toBe('SCHEMA_ENUM_MISMATCH');
    expect(without._meta).toEqual({ hint_categories: ['enum_suggest'] });
  });

  it('with normalization switched off a misspelt key is not repaired: the call is refused', async () => {
    const { call } = await open({ MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false' });
    const envelope = envelopeOfResult(await call('list_orders', { MarketplaceIds: ['ATVPDKIKX0DER'] }));
    expect(envelope.error_kind).toBe('mcp_input_validation');
    expect(envelope.details.map((d) => d.path)).toContain('marketplaceIds');
  });
});

describe('failures inside the handler', () => {
  it('an unclassified throw is internal_error, keeps the telemetry collected before it, and hides the message', async () => {
    const { call, records } = await open();
    const result = await call('bounded', { n: 2, fail: true });
    expect(envelopeOfResult(result)).toEqual({
      error_kind: 'internal_error',
      tool: 'bounded',
      summary: 'Internal server error; details are in the server log.',
      details: [],
      hints: [],
      examples: [],
      error_code: 'INTERNAL_ERROR',
      retryable: false,
      _envelope_version: 1,
      _meta: { rate_limit: { remaining: 3 }, request_id: 'rq-1' },
    });
    expect(JSON.stringify(result)).not.toContain('boom in bounded');
    const failed = records().find((r) => r.msg === 'tool call failed');
    expect(failed).toMatchObject({ level: 'error', tool: 'bounded', error: { message: 'boom in bounded' } });
  });

  it('the crash hook (mock mode, OBMCP_TEST_HOOKS=1) answers internal_error; its canary stays in the log', async () => {
    const { call, records } = await open({ OBMCP_MOCK: '1', OBMCP_TEST_HOOKS: '1' });
    const result = await call('obmcp_test_crash');
    expect(envelopeOfResult(result)).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      tool: 'obmcp_test_crash',
      retryable: false,
    });
    expect(JSON.stringify(result)).not.toContain('canary');
    expect(JSON.stringify(records())).toContain('canary 5f0c');
  });

  it('an upstream 429 is rate_limited and retryable, with its Retry-After in _meta', async () => {
    const { call } = await open();
    expect(envelopeOfResult(await call('upstream_fail', { status: 429 }))).toEqual({
      error_kind: 'rate_limited',
      tool: 'upstream_fail',
      summary: 'SP-API request failed with HTTP 429.',
      details: [{ path: '', issue: 'upstream said no', received_type: 'upstream_error' }],
      hints: [
        'Wait _meta.retry_after_seconds (when present) before retrying; otherwise back off exponentially.',
      ],
      examples: [],
      error_code: 'RATE_LIMITED',
      retryable: true,
      _envelope_version: 1,
      _meta: { retry_after_seconds: 1.5 },
    });
  });

  it('an upstream 400 is not retryable', async () => {
    const { call } = await open();
    expect(envelopeOfResult(await call('upstream_fail', { status: 400 }))).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_400',
      retryable: false,
    });
  });
});

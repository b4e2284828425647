// buildEnvelope bounds and envelopeFromThrown for every error class and every kind of hostile thrown value.
import { afterEach, describe, expect, test } from 'vitest';
import { exampleProfile } from '../src/example/example-tools.js';
import {
  AuthError,
  buildEnvelope,
  ClientSideError,
  DomainValidationError,
  EnvironmentError,
  envelopeFromThrown,
  LIMITS,
  RateLimitedError,
  SandboxLimitationError,
  type ServerProfile,
  staleReclassifications,
  UpstreamHttpError,
  UpstreamTransportError,
  useReclassifications,
} from '../src/index.js';
import { capturingLogger, expectSchemaValid } from './helpers.js';

const base = { kind: 'internal_error', tool: 't', code: 'INTERNAL_ERROR', summary: 's', retryable: false } as const;
// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe('buildEnvelope', () => {
  test('summary: one line, control characters stripped, at most 300 characters; never empty', () => {
    const e = buildEnvelope({ ...base, summary: `first\nsecond\r\n\u0007bell\u2028${'x'.repeat(1000)}` });
    expect(e.summary).not.toMatch(/[\r\n]/);
    expect(e.summary).not.toMatch(CONTROL);
    expect(e.summary.length).toBeLessThanOrEqual(LIMITS.summary);
    expect(e.summary.startsWith('first second bell')).toBe(true);
    expect(buildEnvelope({ ...base, summary: ' \n\t ' }).summary).toBe('Tool call failed.');
    expect(buildEnvelope({ ...base, tool: '' }).tool).toBe('unknown_tool');
  });

  test('hints: at most 8, each bounded and one line, duplicates and empties dropped', () => {
    const hints = ['same', 'same', '', ...Array.from({ length: 20 }, (_, i) => `hint ${i}\n${'y'.repeat(400)}`)];
    const e = buildEnvelope({ ...base, hints });
    expect(e.hints).toHaveLength(LIMITS.hints);
    expect(e.hints[0]).toBe('same');
    for (const h of e.hints) expect(h.length <= LIMITS.hint && !/\n/.test(h)).toBe(true);
  });

  test('details: at most 25, strings bounded, deep nesting truncated, required fields always present', () => {
    const deep = { a: { b: { c: { d: { e: 'deep' } } } } };
    const details = Array.from({ length: 40 }, () => ({ path: 'p', issue: 'i'.repeat(2000), received_type: 'x', deep }));
    const e = buildEnvelope({ ...base, details: [...details, null as never] });
    expect(e.details).toHaveLength(LIMITS.details);
    expect(e.details[0]?.issue.length).toBeLessThanOrEqual(LIMITS.detailString);
    expect(JSON.stringify(e.details[0])).toContain('[truncated]');
    const odd = buildEnvelope({ ...base, details: [null as never, 'text' as never, { path: 5 } as never] });
    expect(odd.details).toEqual([
      { path: '', issue: 'invalid value', received_type: 'unknown' },
      { path: '', issue: 'invalid value', received_type: 'unknown' },
      { path: '', issue: 'invalid value', received_type: 'unknown' },
    ]);
    expectSchemaValid(odd);
  });

  test('examples: at most 3, oversized or non-JSON ones dropped', () => {
    const big = { blob: 'z'.repeat(LIMITS.exampleBytes + 1) };
    expect(buildEnvelope({ ...base, examples: [{ a: 1 }, big, { n: 10n }, { b: 2 }] }).examples).toEqual([{ a: 1 }]);
    expect(buildEnvelope({ ...base, examples: [1, 2, 3, 4, 5] }).examples).toEqual([1, 2, 3]);
  });

  test('_envelope_version 1, a malformed code becomes INTERNAL_ERROR, absent/null _meta values stay absent', () => {
    const e = buildEnvelope({ ...base, code: 'not-a-code', meta: { request_id: undefined, warnings: [], x: null } });
    expect(e._envelope_version).toBe(1);
    expect(e.error_code).toBe('INTERNAL_ERROR');
    expect(e).not.toHaveProperty('_meta');
    expect(e).not.toHaveProperty('legacy_error_kind');
  });

  test('_meta values the schema rejects are dropped, the rest kept (the envelope stays valid)', () => {
    const meta = {
      retry_after_seconds: -1,
      rate_limit: { remaining: null },
      request_id: 'req-1',
      cyclic: (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    };
    const e = buildEnvelope({ ...base, meta });
    expect(e._meta).toEqual({ request_id: 'req-1' });
    expectSchemaValid(e);
    expect(buildEnvelope({ ...base, meta: { retry_after_seconds: Number.NaN } })).not.toHaveProperty('_meta');
  });

  describe('legacy_error_kind', () => {
    let restore: () => void = () => {};
    afterEach(() => restore());

    test('carried while a reclassification is in force, absent otherwise', () => {
      restore = useReclassifications([
        { code: 'TOOL_NOT_FOUND', from: 'mcp_input_validation', to: 'tool_not_found', introducedIn: '0.1.0' },
      ]);
      const moved = buildEnvelope({ ...base, kind: 'tool_not_found', code: 'TOOL_NOT_FOUND' });
      expect(moved.legacy_error_kind).toBe('mcp_input_validation');
      expectSchemaValid(moved);
      expect(buildEnvelope({ ...base, kind: 'tool_not_found', code: 'OTHER' })).not.toHaveProperty('legacy_error_kind');
      expect(staleReclassifications('0.1.0')).toEqual([]);
      expect(staleReclassifications('0.2.0')).toHaveLength(1);
      restore();
      expect(buildEnvelope({ ...base, kind: 'tool_not_found', code: 'TOOL_NOT_FOUND' })).not.toHaveProperty(
        'legacy_error_kind',
      );
    });
  });
});

const classify = (thrown: unknown, profile: ServerProfile = exampleProfile) => {
  const { logger, text } = capturingLogger();
  const envelope = envelopeFromThrown(thrown, { profile, tool: 'the_tool', log: logger, examples: [{ a: 1 }] });
  expectSchemaValid(envelope);
  return { envelope, log: text(), json: JSON.stringify(envelope) };
};

describe('envelopeFromThrown: classified errors', () => {
  test.each([
    [400, 'sp_api_http', 'SP_API_HTTP_400', false],
    [401, 'auth_error', 'SP_API_HTTP_401', false],
    [403, 'auth_error', 'SP_API_HTTP_403', false],
    [404, 'sp_api_http', 'SP_API_HTTP_404', false],
    [408, 'sp_api_http', 'SP_API_HTTP_408', true],
    [429, 'rate_limited', 'RATE_LIMITED', true],
    [500, 'sp_api_http', 'SP_API_HTTP_500', true],
    [503, 'sp_api_http', 'SP_API_HTTP_503', true],
  ])('UpstreamHttpError %i → %s / %s (retryable %s)', (status, kind, code, retryable) => {
    const { envelope } = classify(new UpstreamHttpError(status, { requestId: 'rid-1', retryAfterSeconds: 2 }));
    expect(envelope).toMatchObject({ error_kind: kind, error_code: code, retryable, examples: [] });
    expect(envelope.summary).toBe(`SP-API request failed with HTTP ${status}.`);
    expect(envelope._meta).toEqual({ request_id: 'rid-1', retry_after_seconds: 2 });
  });

  test('prefix and service overrides; an Ads profile uses its own kind and prefix', () => {
    const ob = classify(new UpstreamHttpError(404, { prefix: 'OPENBRIDGE' })).envelope;
    expect(ob).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_404', summary: 'OPENBRIDGE request failed with HTTP 404.' });
    const named = classify(new UpstreamHttpError(502, { prefix: 'OPENBRIDGE', service: 'Openbridge' })).envelope;
    expect(named.summary).toBe('Openbridge request failed with HTTP 502.');
    const ads = { ...exampleProfile, httpKind: 'ads_api_http', clientKind: 'ads_api_client', httpCodePrefix: 'ADS_API' } as const;
    expect(classify(new UpstreamHttpError(400), ads).envelope).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_400',
    });
    expect(classify(new UpstreamTransportError('UPSTREAM_TIMEOUT'), ads).envelope.error_kind).toBe('ads_api_client');
  });

  test.each(['UPSTREAM_TIMEOUT', 'UPSTREAM_UNREACHABLE', 'UPSTREAM_INVALID_RESPONSE'] as const)(
    'UpstreamTransportError %s → client kind, retryable',
    (code) => {
      expect(classify(new UpstreamTransportError(code)).envelope).toMatchObject({
        error_kind: 'sp_api_client',
        error_code: code,
        retryable: true,
      });
    },
  );

  test('AuthError, RateLimitedError, DomainValidationError, ClientSideError, SandboxLimitationError', () => {
    expect(classify(new AuthError({ summary: 'Token exchange failed.' })).envelope).toMatchObject({
      error_kind: 'auth_error',
      error_code: 'AUTHENTICATION_ERROR',
      summary: 'Token exchange failed.',
      retryable: false,
    });
    const limited = classify(new RateLimitedError({ retryAfterSeconds: 1.5 })).envelope;
    expect(limited).toMatchObject({ error_kind: 'rate_limited', error_code: 'RATE_LIMITED', retryable: true });
    expect(limited._meta?.retry_after_seconds).toBe(1.5);
    const domain = classify(new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND', { hints: ['Known: a, b.'] }));
    expect(domain.envelope).toMatchObject({ error_kind: 'mcp_input_validation', retryable: false, hints: ['Known: a, b.'] });
    expect(domain.envelope.examples).toEqual([{ a: 1 }]);
    expect(classify(new ClientSideError('TOOL_EXECUTION_FAILED')).envelope).toMatchObject({
      error_kind: 'sp_api_client',
      retryable: false,
    });
    expect(classify(new ClientSideError('BODY_COERCION_INVALID_JSON', { retryable: true })).envelope).toMatchObject({
      retryable: true,
      examples: [{ a: 1 }],
    });
    expect(classify(new SandboxLimitationError()).envelope).toMatchObject({
      error_kind: 'sandbox_runtime',
      error_code: 'CODE_MODE_SANDBOX_LIMITATION',
    });
  });

  test('EnvironmentError forwards only its code and a fixed phrase; the message goes to the log', () => {
    const { envelope, json, log } = classify(new EnvironmentError('STORAGE_UNAVAILABLE', 'cannot open /srv/x.db'));
    expect(envelope).toMatchObject({ error_kind: 'internal_error', error_code: 'STORAGE_UNAVAILABLE', details: [] });
    expect(envelope.summary).toBe('The server environment failed; see the server log.');
    expect(json).not.toContain('/srv/x.db');
    expect(log).toContain('cannot open /srv/x.db');
  });
});

describe('envelopeFromThrown: anything else → internal_error, message only in the log', () => {
  const cyclic: Record<string, unknown> = { secret: 'cyclic-secret' };
  cyclic.self = cyclic;
  const getters = Object.defineProperty({}, 'message', {
    get() {
      throw new Error('getter');
    },
  });
  const badError = Object.defineProperty(new Error('x'), 'message', {
    get() {
      throw new Error('getter');
    },
  });
  const proxy = new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); } });
  const noProto = Object.assign(Object.create(null), { m: 'no-proto-secret' });

  test.each([
    ['Error', new Error('db password hunter2'), 'hunter2'],
    ['TypeError', new TypeError('cannot read hunter3'), 'hunter3'],
    ['string', 'raw hunter4', 'hunter4'],
    ['undefined', undefined, undefined],
    ['null', null, undefined],
    ['number', 42, undefined],
    ['cyclic object', cyclic, undefined],
    ['object with throwing getters', getters, undefined],
    ['Error with a throwing message getter', badError, undefined],
    ['Proxy whose traps throw', proxy, undefined],
    ['object without prototype', noProto, undefined],
    ['Symbol', Symbol('sym-secret'), 'sym-secret'],
  ])('%s', (_label, thrown, logged) => {
    const { envelope, json, log } = classify(thrown);
    expect(envelope).toMatchObject({ error_kind: 'internal_error', error_code: 'INTERNAL_ERROR', retryable: false });
    expect(envelope.summary).toBe('Internal server error; details are in the server log.');
    expect(envelope.details).toEqual([]);
    expect(envelope.examples).toEqual([]);
    for (const secret of ['hunter', 'cyclic-secret', 'no-proto-secret', 'sym-secret']) expect(json).not.toContain(secret);
    expect(log).toContain('"level":"error"');
    if (logged) expect(log).toContain(logged);
  });
});

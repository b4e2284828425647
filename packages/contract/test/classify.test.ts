// envelopeFromThrown for every error class and every kind of hostile thrown value.
import { describe, expect, test } from 'vitest';
import { exampleProfile } from '../src/example/example-tools.js';
import {
  AuthError,
  ClientSideError,
  DomainValidationError,
  RateLimitedError,
  SandboxLimitationError,
  type ServerProfile,
  UpstreamHttpError,
  UpstreamTransportError,
} from '../src/index.js';
import { envelopeFromThrown } from '../src/entries/envelope.js';
import { EnvironmentError } from '../src/tool/errors.js';
import { capturingLogger, expectSchemaValid } from './helpers.js';

const classify = (thrown: unknown, profile: ServerProfile = exampleProfile) => {
  const { logger, text } = capturingLogger();
  const envelope = envelopeFromThrown(thrown, {
    profile,
    tool: 'the_tool',
    log: logger,
    examples: [{ a: 1 }],
  });
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
    const { envelope } = classify(
      new UpstreamHttpError(status, { requestId: 'rid-1', retryAfterSeconds: 2 }),
    );
    expect(envelope).toMatchObject({ error_kind: kind, error_code: code, retryable, examples: [] });
    expect(envelope.summary).toBe(`SP-API request failed with HTTP ${status}.`);
    expect(envelope._meta).toEqual({ request_id: 'rid-1', retry_after_seconds: 2 });
  });

  test('prefix and service overrides; an Ads profile uses its own kind and prefix', () => {
    const ob = classify(new UpstreamHttpError(404, { prefix: 'OPENBRIDGE' })).envelope;
    expect(ob).toMatchObject({
      error_code: 'OPENBRIDGE_HTTP_404',
      summary: 'OPENBRIDGE request failed with HTTP 404.',
    });
    const named = classify(
      new UpstreamHttpError(502, { prefix: 'OPENBRIDGE', service: 'Openbridge' }),
    ).envelope;
    expect(named.summary).toBe('Openbridge request failed with HTTP 502.');
    const ads = {
      ...exampleProfile,
      httpKind: 'ads_api_http',
      clientKind: 'ads_api_client',
      httpCodePrefix: 'ADS_API',
    } as const;
    expect(classify(new UpstreamHttpError(400), ads).envelope).toMatchObject({
      error_kind: 'ads_api_http',
      error_code: 'ADS_API_HTTP_400',
    });
    expect(classify(new UpstreamTransportError('UPSTREAM_TIMEOUT'), ads).envelope.error_kind).toBe(
      'ads_api_client',
    );
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
    expect(limited).toMatchObject({
      error_kind: 'rate_limited',
      error_code: 'RATE_LIMITED',
      retryable: true,
    });
    expect(limited._meta?.retry_after_seconds).toBe(1.5);
    const domain = classify(
      new DomainValidationError('SCHEMA_IDENTITY_NOT_FOUND', { hints: ['Known: a, b.'] }),
    );
    expect(domain.envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      retryable: false,
      hints: ['Known: a, b.'],
    });
    expect(domain.envelope.examples).toEqual([{ a: 1 }]);
    expect(classify(new ClientSideError('TOOL_EXECUTION_FAILED')).envelope).toMatchObject({
      error_kind: 'sp_api_client',
      retryable: false,
    });
    expect(
      classify(new ClientSideError('BODY_COERCION_INVALID_JSON', { retryable: true })).envelope,
    ).toMatchObject({
      retryable: true,
      examples: [{ a: 1 }],
    });
    expect(classify(new SandboxLimitationError()).envelope).toMatchObject({
      error_kind: 'sandbox_runtime',
      error_code: 'CODE_MODE_SANDBOX_LIMITATION',
    });
  });

  test('EnvironmentError forwards only its code and a fixed phrase; the message goes to the log', () => {
    const { envelope, json, log } = classify(
      new EnvironmentError('STORAGE_UNAVAILABLE', 'cannot open /srv/x.db'),
    );
    expect(envelope).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'STORAGE_UNAVAILABLE',
      details: [],
    });
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
  const proxy = new Proxy(
    {},
    {
      getPrototypeOf: () => {
        throw new Error('trap');
      },
    },
  );
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
    expect(envelope).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      retryable: false,
    });
    expect(envelope.summary).toBe('Internal server error; details are in the server log.');
    expect(envelope.details).toEqual([]);
    expect(envelope.examples).toEqual([]);
    for (const secret of ['hunter', 'cyclic-secret', 'no-proto-secret', 'sym-secret'])
      expect(json).not.toContain(secret);
    expect(log).toContain('"level":"error"');
    if (logged) expect(log).toContain(logged);
  });
});

// envelopeFromThrown, field by field: default summaries, the hints each HTTP status adds, partial writes, _meta precedence, examples, logs.
import { describe, expect, test } from 'vitest';
import { exampleProfile } from '../src/example/example-tools.js';
import {
  AuthError,
  ClientSideError,
  ContractError,
  DomainValidationError,
  type Logger,
  PartialWriteError,
  RateLimitedError,
  SandboxLimitationError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '../src/index.js';
import { envelopeFromThrown } from '../src/entries/envelope.js';
import { EnvironmentError } from '../src/tool/errors.js';
import { HTTP_HINTS, TRANSPORT_SUMMARY } from '../src/envelope/phrases.js';
import { capturingLogger, expectSchemaValid } from './helpers.js';

const detail = { path: 'sku', issue: 'unknown SKU', received_type: 'string' };

function classify(thrown: unknown, extra: { meta?: Record<string, unknown> } = {}) {
  const { logger, records } = capturingLogger();
  const envelope = envelopeFromThrown(thrown, {
    profile: exampleProfile,
    tool: 'the_tool',
    log: logger,
    examples: [{ a: 1 }],
    ...extra,
  });
  expectSchemaValid(envelope);
  return { envelope, records: records() };
}

describe('default summaries when the error names none', () => {
  test.each([
    ['AuthError', new AuthError(), 'Authentication failed.'],
    ['RateLimitedError', new RateLimitedError(), 'Rate limited.'],
    ['DomainValidationError', new DomainValidationError('SCHEMA_X'), 'Tool input validation failed.'],
    [
      'ClientSideError',
      new ClientSideError('TOOL_EXECUTION_FAILED'),
      'Client-side request preparation failed.',
    ],
    [
      'SandboxLimitationError',
      new SandboxLimitationError(),
      'Code mode sandbox hit a known runtime limitation.',
    ],
    [
      'UpstreamTransportError',
      new UpstreamTransportError('UPSTREAM_TIMEOUT'),
      TRANSPORT_SUMMARY.UPSTREAM_TIMEOUT,
    ],
  ])('%s', (_label, error, summary) => {
    expect(classify(error).envelope.summary).toBe(summary);
  });

  test.each([
    ['AuthError', new AuthError({ summary: 'Own words.' })],
    ['RateLimitedError', new RateLimitedError({ summary: 'Own words.' })],
    ['DomainValidationError', new DomainValidationError('SCHEMA_X', { summary: 'Own words.' })],
    ['ClientSideError', new ClientSideError('X', { summary: 'Own words.' })],
    ['SandboxLimitationError', new SandboxLimitationError({ summary: 'Own words.' })],
    ['UpstreamTransportError', new UpstreamTransportError('UPSTREAM_TIMEOUT', { summary: 'Own words.' })],
    ['UpstreamHttpError', new UpstreamHttpError(500, { summary: 'Own words.' })],
  ])('%s keeps its own summary', (_label, error) => {
    expect(classify(error).envelope.summary).toBe('Own words.');
  });

  test('the service name defaults to the prefix with its first underscore as a dash', () => {
    expect(classify(new UpstreamHttpError(404, { prefix: 'ADS_API' })).envelope.summary).toBe(
      'ADS-API request failed with HTTP 404.',
    );
  });
});

describe('details and hints: the error’s own first, then the status’s advice', () => {
  test.each([
    [401, HTTP_HINTS.auth, 'auth_error'],
    [403, HTTP_HINTS.auth, 'auth_error'],
    [429, HTTP_HINTS.rateLimited, 'rate_limited'],
    [500, HTTP_HINTS.retryable, 'sp_api_http'],
    [408, HTTP_HINTS.retryable, 'sp_api_http'],
    [404, HTTP_HINTS.client, 'sp_api_http'],
  ])('HTTP %i', (status, advice, kind) => {
    const { envelope } = classify(new UpstreamHttpError(status, { details: [detail], hints: ['Own hint.'] }));
    expect(envelope.error_kind).toBe(kind);
    expect(envelope.hints).toEqual(['Own hint.', ...advice]);
    expect(envelope.details).toEqual([detail]);
  });

  test.each([
    [
      'UpstreamTransportError',
      new UpstreamTransportError('UPSTREAM_UNREACHABLE', { details: [detail], hints: ['Own hint.'] }),
    ],
    ['AuthError', new AuthError({ details: [detail], hints: ['Own hint.'] })],
    ['RateLimitedError', new RateLimitedError({ details: [detail], hints: ['Own hint.'] })],
    [
      'DomainValidationError',
      new DomainValidationError('SCHEMA_X', { details: [detail], hints: ['Own hint.'] }),
    ],
    ['ClientSideError', new ClientSideError('X', { details: [detail], hints: ['Own hint.'] })],
    ['SandboxLimitationError', new SandboxLimitationError({ details: [detail], hints: ['Own hint.'] })],
  ])('%s carries exactly its own details and hints', (_label, error) => {
    const { envelope } = classify(error);
    expect(envelope.details).toEqual([detail]);
    expect(envelope.hints).toEqual(['Own hint.']);
  });

  test('an AuthError says whether it may pass later; a ClientSideError is not retryable unless it says so', () => {
    expect(classify(new AuthError({ status: 503 })).envelope.retryable).toBe(true);
    expect(classify(new AuthError({ retryable: false })).envelope.retryable).toBe(false);
    expect(classify(new ClientSideError('X')).envelope.retryable).toBe(false);
    expect(classify(new ClientSideError('X', { retryable: true })).envelope.retryable).toBe(true);
    expect(classify(new AuthError({ code: 'LWA_TOKEN_REFUSED' })).envelope.error_code).toBe(
      'LWA_TOKEN_REFUSED',
    );
    expect(classify(new SandboxLimitationError()).envelope.retryable).toBe(false);
    expect(classify(new RateLimitedError()).envelope.retryable).toBe(true);
  });
});

describe('PartialWriteError: the failing step’s kind and code, never retryable, what landed first', () => {
  const landed = { path: 'stages/0', issue: 'backfill created', received_type: 'object' };

  test('an HTTP failure after a landed step', () => {
    const failure = new UpstreamHttpError(503, {
      details: [detail],
      hints: ['Step hint.'],
      requestId: 'rid-9',
    });
    const { envelope } = classify(
      new PartialWriteError(failure, { details: [landed], hints: ['App hint.'], summary: 'Stage 2 failed.' }),
    );
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_503',
      summary: 'Stage 2 failed.',
      retryable: false,
    });
    expect(envelope.details).toEqual([landed, detail]);
    // The app's hints, then the failure's own; the status's retry advice is left out.
    expect(envelope.hints).toEqual(['App hint.', 'Step hint.']);
    expect(envelope._meta).toEqual({ request_id: 'rid-9' });
  });

  test("without its own summary it takes the failure's", () => {
    const failure = new ClientSideError('X', { summary: 'Step failed.', retryable: true });
    const { envelope } = classify(new PartialWriteError(failure));
    expect(envelope).toMatchObject({ error_code: 'X', summary: 'Step failed.', retryable: false });
    expect(envelope.details).toEqual([]);
    expect(envelope.hints).toEqual([]);
  });
});

describe('_meta and examples', () => {
  test('what the pipeline measured wins over what the error carries', () => {
    const error = new RateLimitedError({ retryAfterSeconds: 5, requestId: 'rid-error' });
    expect(classify(error).envelope._meta).toEqual({ retry_after_seconds: 5, request_id: 'rid-error' });
    const measured = classify(error, { meta: { retry_after_seconds: 9, request_id: 'rid-header' } });
    expect(measured.envelope._meta).toEqual({ retry_after_seconds: 9, request_id: 'rid-header' });
  });

  test('a thrown value that is no contract error adds nothing to _meta', () => {
    const lookalike = Object.assign(new Error('x'), { retryAfterSeconds: 3, requestId: 'rid-x' });
    expect(classify(lookalike).envelope).not.toHaveProperty('_meta');
  });

  test('examples only for input validation and an invalid JSON string', () => {
    expect(classify(new DomainValidationError('SCHEMA_X')).envelope.examples).toEqual([{ a: 1 }]);
    expect(classify(new ClientSideError('BODY_COERCION_INVALID_JSON')).envelope.examples).toEqual([{ a: 1 }]);
    for (const error of [
      new ClientSideError('TOOL_EXECUTION_FAILED'),
      new UpstreamHttpError(400),
      new AuthError(),
      new RateLimitedError(),
    ] satisfies ContractError[])
      expect(classify(error).envelope.examples).toEqual([]);
  });
});

describe('logs', () => {
  test('an envelope from a contract error is an info line with its code; an internal error an error line', () => {
    const info = classify(new ClientSideError('TOOL_EXECUTION_FAILED')).records;
    expect(info).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'tool call returned an envelope',
        tool: 'the_tool',
        error_code: 'TOOL_EXECUTION_FAILED',
      }),
    ]);
    const internal = classify(new Error('boom')).records;
    expect(internal).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'tool call failed',
        tool: 'the_tool',
        error: expect.objectContaining({ name: 'Error', message: 'boom' }),
      }),
    ]);
  });

  test('a value whose String() throws is logged by its type only', () => {
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    const { envelope, records } = classify(hostile);
    expect(envelope.error_code).toBe('INTERNAL_ERROR');
    expect(records[0]).toMatchObject({ level: 'error' });
    expect(records[0]?.error).toEqual({ type: 'object' });
  });

  test('a logger that throws once still yields the internal envelope, and the fallback line is written', () => {
    const lines: Array<[string, unknown]> = [];
    const log: Logger = {
      error: (msg, fields) => {
        lines.push([msg, fields]);
        if (lines.length === 1) throw new Error('log sink down');
      },
      info: () => undefined,
      warn: () => undefined,
      debug: () => undefined,
      child: () => log,
    };
    const envelope = envelopeFromThrown(new Error('boom'), {
      profile: exampleProfile,
      tool: 'the_tool',
      log,
      meta: { request_id: 'rid-1' },
      examples: [{ a: 1 }],
    });
    expectSchemaValid(envelope);
    expect(envelope).toEqual({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      tool: 'the_tool',
      summary: 'Internal server error; details are in the server log.',
      retryable: false,
      details: [],
      hints: [],
      examples: [],
      _envelope_version: 1,
    });
    expect(lines.map(([msg]) => msg)).toEqual([
      'tool call failed',
      'tool call failed (unclassifiable value)',
    ]);
    expect(lines[1]?.[1]).toMatchObject({ tool: 'the_tool', error: { name: 'Error', message: 'boom' } });
  });

  test('a long thrown text is logged cut to 500 characters', () => {
    const { records } = classify('x'.repeat(1000));
    expect(records[0]?.error).toEqual({ type: 'string', value: 'x'.repeat(500) });
  });

  test('without a logger: a contract error keeps its envelope, an internal one keeps the measured _meta', () => {
    const quiet = (thrown: unknown) =>
      envelopeFromThrown(thrown, { profile: exampleProfile, tool: 't', meta: { request_id: 'rid-2' } });
    expect(quiet(new ClientSideError('TOOL_EXECUTION_FAILED')).error_code).toBe('TOOL_EXECUTION_FAILED');
    expect(quiet(new Error('boom'))).toMatchObject({
      error_code: 'INTERNAL_ERROR',
      _meta: { request_id: 'rid-2' },
    });
  });
});

describe('hostile and unknown contract errors', () => {
  test('an error whose fields throw when read is an internal error that keeps its request id', () => {
    const error = new UpstreamHttpError(500, { requestId: 'rid-3' });
    Object.defineProperty(error, 'hints', {
      get() {
        throw new Error('hostile');
      },
    });
    const { envelope, records } = classify(error);
    expect(envelope).toMatchObject({
      error_code: 'INTERNAL_ERROR',
      hints: [],
      _meta: { request_id: 'rid-3' },
    });
    expect(records[0]).toMatchObject({ level: 'error', msg: 'tool call failed' });
  });

  test('a ContractError subclass classify does not know is an internal error, not an environment failure', () => {
    class Unknown extends ContractError {}
    const { envelope } = classify(new Unknown('odd', { requestId: 'rid-4' }));
    expect(envelope).toMatchObject({
      error_kind: 'internal_error',
      error_code: 'INTERNAL_ERROR',
      summary: 'Internal server error; details are in the server log.',
      hints: [],
      details: [],
      _meta: { request_id: 'rid-4' },
    });
  });

  test('an EnvironmentError is never retryable and carries no hints or details of its own', () => {
    const error = new EnvironmentError('STORAGE_UNAVAILABLE', 'disk', { hints: ['x'], details: [detail] });
    expect(classify(error).envelope).toMatchObject({ retryable: false, hints: [], details: [] });
  });

  test('a Proxy whose prototype trap throws is no contract error: its retry fields are not read', () => {
    const proxy = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error('trap');
        },
        get: (_target, key) => (key === 'retryAfterSeconds' ? 5 : key === 'requestId' ? 'rid-5' : undefined),
      },
    );
    const { envelope } = classify(proxy);
    expect(envelope.error_code).toBe('INTERNAL_ERROR');
    expect(envelope).not.toHaveProperty('_meta');
  });
});

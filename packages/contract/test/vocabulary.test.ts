// The closed vocabulary an agent can rely on: kinds a server advertises, HTTP codes, error classes' defaults, the legacy-kind window.
import { describe, expect, test } from 'vitest';
import {
  legacyKindFor,
  staleReclassifications,
  useReclassifications,
} from '../src/envelope/reclassifications.js';
import { boundText, oneLine } from '../src/envelope/text.js';
import { validateEnvelope } from '../src/envelope/validate.js';
import { isOpenMap } from '../src/schema/open-map.js';
import { httpCode, isErrorKind } from '../src/taxonomy.js';
import {
  AuthError,
  ClientSideError,
  EnvironmentError,
  isOutageStatus,
  isTransientStatus,
  PartialWriteError,
  UpstreamHttpError,
} from '../src/tool/errors.js';
import { defineTool } from '../src/tool/define-tool.js';
import { upstreamErrorKinds } from '../src/tool/types.js';
import { buildEnvelope } from '../src/envelope/build.js';
import { MINIMAL_ENVELOPE_INPUT } from './helpers.js';

describe('defineTool', () => {
  test('the tool is the one its author wrote (only its type changes)', () => {
    const spec = {
      name: 'echo',
      description: 'Echoes.',
      inputSchema: { type: 'object', properties: {}, examples: [{}] },
      handler: () => ({}),
    } as const;
    expect(defineTool(spec)).toBe(spec);
  });
});

describe('kinds and codes', () => {
  test('an upstream server advertises the common kinds plus its own HTTP and client kinds, in this order', () => {
    expect(upstreamErrorKinds('ads_api_http', 'ads_api_client')).toEqual([
      'mcp_input_validation',
      'tool_not_found',
      'ads_api_http',
      'ads_api_client',
      'auth_error',
      'rate_limited',
      'sandbox_runtime',
      'internal_error',
    ]);
  });

  test('httpCode: the status when it is one, UNKNOWN otherwise', () => {
    expect(httpCode('SP_API', 100)).toBe('SP_API_HTTP_100');
    expect(httpCode('ADS_API', 599)).toBe('ADS_API_HTTP_599');
    for (const status of [99, 600, 404.5, Number.NaN, -1])
      expect(httpCode('OPENBRIDGE', status), String(status)).toBe('OPENBRIDGE_HTTP_UNKNOWN');
  });

  test('isErrorKind: the closed list only', () => {
    expect(isErrorKind('rate_limited')).toBe(true);
    expect(isErrorKind('rate_limit')).toBe(false);
    expect(isErrorKind(1)).toBe(false);
  });
});

describe('error classes', () => {
  test('outage and transient statuses', () => {
    expect([407, 408, 429, 499, 500, 503].map(isOutageStatus)).toEqual([
      false,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect([407, 408, 429, 430, 500].map(isTransientStatus)).toEqual([false, true, true, false, true]);
  });

  test('AuthError: retryable only when told or when its status is transient', () => {
    expect(new AuthError()).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      retryable: false,
      message: 'authentication failed',
    });
    expect(new AuthError({ status: 503 }).retryable).toBe(true);
    expect(new AuthError({ status: 401 }).retryable).toBe(false);
    expect(new AuthError({ status: 401, retryable: true }).retryable).toBe(true);
    expect(new AuthError({ summary: 'expired', code: 'TOKEN_ERROR' })).toMatchObject({
      message: 'expired',
      code: 'TOKEN_ERROR',
    });
  });

  test('ClientSideError is not retryable unless told; EnvironmentError keeps code and message', () => {
    expect(new ClientSideError('X').retryable).toBe(false);
    expect(new ClientSideError('X', { retryable: true }).retryable).toBe(true);
    expect(new EnvironmentError('STORAGE_UNAVAILABLE', 'disk full')).toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
      message: 'disk full',
      name: 'EnvironmentError',
    });
  });

  test('a contract error carries its init, its class name, and its cause only when given', () => {
    const cause = new Error('socket');
    const error = new UpstreamHttpError(502, {
      summary: 's',
      details: [{ path: '', issue: 'i', received_type: 'upstream' }],
      hints: ['h'],
      retryAfterSeconds: 3,
      requestId: 'r',
      cause,
      prefix: 'SP_API',
      service: 'orders',
    });
    expect(error).toMatchObject({
      name: 'UpstreamHttpError',
      message: 'upstream HTTP 502',
      status: 502,
      summary: 's',
      hints: ['h'],
      retryAfterSeconds: 3,
      requestId: 'r',
      prefix: 'SP_API',
      service: 'orders',
    });
    expect(error.cause).toBe(cause);
    expect(Object.hasOwn(new UpstreamHttpError(500), 'cause')).toBe(false);
    expect(new UpstreamHttpError(500)).toMatchObject({ details: [], hints: [] });
  });

  test('a partial write keeps the failed request id and names the failure', () => {
    const failure = new UpstreamHttpError(500, { requestId: 'req-9' });
    const partial = new PartialWriteError(failure, { summary: 'two of three saved' });
    expect(partial).toMatchObject({
      message: 'partial write: upstream HTTP 500',
      requestId: 'req-9',
      failure,
    });
    expect(partial.cause).toBe(failure);
    expect(new PartialWriteError(new UpstreamHttpError(500), { requestId: 'own' }).requestId).toBe('own');
  });
});

describe('the legacy-kind window', () => {
  test('a move announced in a release carries the old kind for matching codes only, and goes stale after it', () => {
    const restore = useReclassifications([
      { code: 'UPSTREAM_TIMEOUT', from: 'sp_api_http', to: 'sp_api_client', introducedIn: '0.3.0' },
      { code: '*', from: 'old_auth', to: 'auth_error', introducedIn: '0.2.0' },
    ]);
    try {
      expect(legacyKindFor('sp_api_client', 'UPSTREAM_TIMEOUT')).toBe('sp_api_http');
      expect(legacyKindFor('sp_api_client', 'OTHER')).toBeUndefined();
      expect(legacyKindFor('auth_error', 'ANY_CODE')).toBe('old_auth');
      expect(legacyKindFor('rate_limited', 'UPSTREAM_TIMEOUT')).toBeUndefined();
      expect(staleReclassifications('0.3.0').map((r) => r.from)).toEqual(['old_auth']);
    } finally {
      restore();
    }
    expect(legacyKindFor('auth_error', 'ANY_CODE')).toBeUndefined();
    expect(staleReclassifications('9.9.9')).toEqual([]);
  });
});

describe('agent-facing text', () => {
  test('one line, control and invisible characters gone, bounded with an ellipsis', () => {
    expect(boundText('a\r\nb\tc')).toBe('a b c');
    expect(boundText('x\u0000y\u200bz\u202ew')).toBe('xyzw');
    expect(boundText('  padded  ')).toBe('padded');
    expect(boundText(42)).toBe('42');
    expect(boundText('abcdef', 4)).toBe('abc…');
    expect(boundText('abcd', 4)).toBe('abcd');
    expect(boundText('x'.repeat(501))).toHaveLength(500);
    expect(boundText('x'.repeat(500))).toBe('x'.repeat(500));
  });

  test('oneLine falls back when nothing is left', () => {
    expect(oneLine(undefined, 'fallback')).toBe('fallback');
    expect(oneLine('\n\t', 'fallback')).toBe('fallback');
    expect(oneLine('ok', 'fallback')).toBe('ok');
    expect(oneLine('x'.repeat(301), 'f')).toHaveLength(300);
  });
});

describe('validateEnvelope and open maps', () => {
  test('a valid envelope has no errors; an invalid one lists them', () => {
    expect(validateEnvelope(JSON.parse(JSON.stringify(buildEnvelope(MINIMAL_ENVELOPE_INPUT))))).toEqual({
      valid: true,
      errors: [],
    });
    const invalid = validateEnvelope({ error_kind: 'nope' });
    expect(invalid.valid).toBe(false);
    expect(invalid.errors.length).toBeGreaterThan(0);
  });

  test('isOpenMap: an object node with no properties and a value schema, nothing else', () => {
    expect(isOpenMap({ type: 'object', additionalProperties: { type: 'string' } })).toBe(true);
    expect(isOpenMap({ type: 'object', properties: {}, additionalProperties: { type: 'string' } })).toBe(
      true,
    );
    expect(
      isOpenMap({ type: 'object', properties: { a: {} }, additionalProperties: { type: 'string' } }),
    ).toBe(false);
    expect(isOpenMap({ additionalProperties: { type: 'string' } })).toBe(false);
    expect(isOpenMap({ type: 'object', additionalProperties: {} })).toBe(false);
    expect(isOpenMap({ type: 'object', additionalProperties: true })).toBe(false);
    expect(
      isOpenMap({ type: 'object', patternProperties: {}, additionalProperties: { type: 'string' } }),
    ).toBe(false);
    expect(isOpenMap('object')).toBe(false);
  });
});

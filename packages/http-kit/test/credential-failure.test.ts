// What a failed credential exchange tells the agent: an outage stays an outage (marked, the API not called), a
// throttle stays a throttle, anything else is a rejected credential with the hints that fix it.
import { AuthError, UpstreamHttpError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { credentialFailure, isCredentialOutage, NO_AUTH } from '../src/pipeline/credential-exchange.js';
import type { UpstreamResponse } from '../src/types.js';

const upstreamDetail = { path: '', issue: 'invalid_grant', received_type: 'upstream_error' };

describe('credentialFailure', () => {
  it('an outage names the service and says the API was not called, before what the service said', () => {
    const error = new UpstreamHttpError(502, {
      service: 'Login with Amazon',
      prefix: 'SP_API',
      summary: 'LWA failed',
      retryAfterSeconds: 4,
      requestId: 'req-9',
      details: [upstreamDetail],
      hints: ['wait'],
    });
    const mapped = credentialFailure(error, ['fix the refresh token']);
    expect(mapped).toBeInstanceOf(UpstreamHttpError);
    expect(mapped).toMatchObject({
      status: 502,
      prefix: 'SP_API',
      service: 'Login with Amazon',
      summary: 'LWA failed',
      retryAfterSeconds: 4,
      requestId: 'req-9',
      hints: ['wait'],
    });
    expect(mapped.details).toEqual([
      {
        path: '',
        issue:
          'Login with Amazon answered HTTP 502 to the credential exchange; no access token was obtained, so the API was not called',
        received_type: 'upstream_error',
        credential_exchange: true,
      },
      upstreamDetail,
    ]);
  });

  it('an outage of an unnamed service says "The token service", and keeps no field the error lacked', () => {
    const mapped = credentialFailure(new UpstreamHttpError(408, { details: [], hints: [] }));
    expect(mapped).toBeInstanceOf(UpstreamHttpError);
    expect(mapped.details[0]?.issue).toBe(
      'The token service answered HTTP 408 to the credential exchange; no access token was obtained, so the API was not called',
    );
    expect(mapped).not.toHaveProperty('retryAfterSeconds', expect.anything());
    expect((mapped as UpstreamHttpError).requestId).toBeUndefined();
  });

  it('a rejected credential is an AuthError with its status, what the service said and the fixing hints last', () => {
    const error = new UpstreamHttpError(401, {
      summary: 'refresh token revoked',
      requestId: 'req-1',
      retryAfterSeconds: 0,
      details: [upstreamDetail],
      hints: ['from the parser'],
    });
    const mapped = credentialFailure(error, ['fix the refresh token']);
    expect(mapped).toBeInstanceOf(AuthError);
    expect(mapped).toMatchObject({
      status: 401,
      summary: 'refresh token revoked',
      requestId: 'req-1',
      retryAfterSeconds: 0,
      details: [upstreamDetail],
      hints: ['from the parser', 'fix the refresh token'],
      retryable: false,
    });
    expect(credentialFailure(new UpstreamHttpError(403, { hints: ['h'] })).hints).toEqual(['h']);
  });

  it('a throttled exchange is returned as it came', () => {
    const throttled = new UpstreamHttpError(429, { retryAfterSeconds: 2 });
    expect(credentialFailure(throttled, ['never'])).toBe(throttled);
  });

  it('outage statuses: 408 and 5xx only', () => {
    expect([408, 500, 503, 599].map(isCredentialOutage)).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 429].map(isCredentialOutage)).toEqual([false, false, false, false, false]);
  });
});

describe('NO_AUTH', () => {
  it('adds no header and never asks for a resend', () => {
    expect(NO_AUTH.headers('any')).toEqual({});
    expect(NO_AUTH.isExpired({ status: 401 } as UpstreamResponse)).toBe(false);
    expect(NO_AUTH.invalidate('any')).toBeUndefined();
  });
});

// SP-API error bodies as a caller reads them: one detail per upstream error, the hints for the status, an error list inside a 2xx.
import { UpstreamTransportError } from '@obmcp/contract';
import type { UpstreamResponse } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import {
  errorBodyOn2xx,
  isErrorOnlyBody,
  isExpiredToken,
  parseSpError,
  readErrors,
} from '../../src/http/upstream-error.js';

/** An upstream answer whose body is `body` (JSON text), or unreadable when `body` is a string that is not JSON. */
function res(status: number, body: unknown): UpstreamResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    json: () => JSON.parse(text),
    text: () => text,
  } as unknown as UpstreamResponse;
}

const INPUT_HINT =
  'Inspect details[].upstream_code and issue for the upstream cause; fix the input and retry.';

describe('readErrors', () => {
  it('reads code, message and details of each error; never throws on HTML, empty or odd bodies', () => {
    expect(
      readErrors(
        res(400, { errors: [{ code: 'InvalidInput', message: 'Invalid MarketplaceId', details: 'ATVP' }] }),
      ),
    ).toEqual([{ code: 'InvalidInput', message: 'Invalid MarketplaceId', details: 'ATVP' }]);
    expect(readErrors(res(502, '<html>Bad Gateway</html>'))).toEqual([]);
    expect(readErrors(res(500, ''))).toEqual([]);
    expect(readErrors(res(400, null))).toEqual([]);
    expect(readErrors(res(400, 'null'))).toEqual([]);
    expect(readErrors(res(400, { errors: 'InvalidInput' }))).toEqual([]);
    expect(readErrors(res(400, { errors: [null, 'x', { code: 404, message: 7 }, {}] }))).toEqual([
      { code: '', message: '', details: '' },
      { code: '', message: '', details: '' },
      { code: '404', message: '', details: '' },
      { code: '', message: '', details: '' },
    ]);
  });

  it('reads at most ten errors', () => {
    const errors = Array.from({ length: 25 }, (_, i) => ({ code: `E${i}`, message: 'm', details: '' }));
    expect(readErrors(res(400, { errors })).map((e) => e.code)).toEqual(
      errors.slice(0, 10).map((e) => e.code),
    );
  });
});

describe('isExpiredToken', () => {
  const expired = [
    {
      code: 'Unauthorized',
      message: 'Access to requested resource is denied.',
      details: 'The access token you provided has expired.',
    },
  ];
  it('only a 403 Unauthorized whose details say the access token expired', () => {
    expect(isExpiredToken(403, expired)).toBe(true);
    expect(
      isExpiredToken(403, [{ ...expired[0], details: 'The ACCESS TOKEN you provided HAS EXPIRED' } as never]),
    ).toBe(true);
    expect(isExpiredToken(401, expired)).toBe(false);
    expect(isExpiredToken(403, [{ ...expired[0], code: 'InvalidInput' } as never])).toBe(false);
    expect(
      isExpiredToken(403, [{ ...expired[0], details: 'The access token you provided is revoked.' } as never]),
    ).toBe(false);
    expect(isExpiredToken(403, [{ ...expired[0], details: 'expired access token' } as never])).toBe(false);
    expect(isExpiredToken(403, [])).toBe(false);
    expect(isExpiredToken(403, [{ code: 'QuotaExceeded', message: '', details: '' }, ...expired])).toBe(true);
  });
});

describe('parseSpError', () => {
  it('one detail per upstream error, message and details joined, the code kept', () => {
    const parsed = parseSpError(
      res(400, {
        errors: [
          { code: 'InvalidInput', message: 'Invalid MarketplaceId', details: 'ATVPDKIKX0DEX' },
          { code: 'InvalidInput', message: '', details: 'only details' },
          { code: 'NoText', message: '', details: '' },
        ],
      }),
      false,
    );
    expect(parsed.summary).toBe('SP-API request failed with HTTP 400.');
    expect(parsed.details).toEqual([
      {
        path: '',
        issue: 'Invalid MarketplaceId — ATVPDKIKX0DEX',
        received_type: 'upstream_error',
        upstream_code: 'InvalidInput',
      },
      { path: '', issue: 'only details', received_type: 'upstream_error', upstream_code: 'InvalidInput' },
      { path: '', issue: 'NoText', received_type: 'upstream_error', upstream_code: 'NoText' },
    ]);
    expect(parsed.hints).toEqual([INPUT_HINT]);
  });

  it('no error list: one detail naming the status, and the hint to re-check the input', () => {
    const parsed = parseSpError(res(400, '<html/>'), false);
    expect(parsed.details).toEqual([
      { path: '', issue: 'SP-API returned HTTP 400', received_type: 'upstream_error' },
    ]);
    expect(parsed.hints).toEqual([INPUT_HINT, 'Re-check tool input against the required schema fields.']);
  });

  it('the sandbox adds the canned-request hint to a client error', () => {
    const parsed = parseSpError(res(400, { errors: [{ code: 'InvalidInput', message: 'x' }] }), true);
    expect(parsed.hints).toHaveLength(2);
    expect(parsed.hints[1]).toMatch(/^The SP-API sandbox answers only the official models' canned requests/);
    expect(parseSpError(res(404, { errors: [] }), true).hints).toHaveLength(1);
  });

  it('hints by status: auth, not found, throttled, server failure', () => {
    const hints = (status: number) =>
      parseSpError(res(status, { errors: [{ code: 'X', message: 'm' }] }), true).hints;
    for (const status of [401, 403]) {
      expect(hints(status)).toEqual([
        'Re-authorize the active identity if expired; check that the app has the role this operation needs.',
        'Check that the identity region matches the marketplace (na/eu/fe); use get_region to inspect it.',
      ]);
    }
    expect(hints(404)).toEqual([
      'Check the id in the request path; it may belong to another marketplace, region or seller.',
    ]);
    expect(hints(429)).toEqual([
      'SP-API throttled this operation; wait before retrying (usage plans refill slowly).',
    ]);
    for (const status of [500, 503])
      expect(hints(status)).toEqual(['Transient SP-API failure; retry after a short backoff.']);
    expect(hints(499)[0]).toBe(INPUT_HINT);
    expect(hints(402)[0]).toBe(INPUT_HINT);
  });

  it('long messages are bounded and codes too', () => {
    const parsed = parseSpError(
      res(400, { errors: [{ code: 'C'.repeat(200), message: 'm'.repeat(1000) }] }),
      false,
    );
    expect(parsed.details[0]?.issue).toBe(`${'m'.repeat(399)}…`);
    expect(parsed.details[0]?.upstream_code).toBe(`${'C'.repeat(79)}…`);
  });
});

describe('an error list inside a 2xx', () => {
  it('isErrorOnlyBody: errors and no payload', () => {
    expect(isErrorOnlyBody({ errors: [{ code: 'InternalFailure' }] })).toBe(true);
    expect(isErrorOnlyBody({ errors: [{ code: 'X' }], payload: {} })).toBe(false);
    expect(isErrorOnlyBody({ errors: [{ code: 'X' }], payload: null })).toBe(false);
    expect(isErrorOnlyBody({ errors: [] })).toBe(false);
    expect(isErrorOnlyBody({ errors: 'X' })).toBe(false);
    expect(isErrorOnlyBody([{ errors: [{ code: 'X' }] }])).toBe(false);
    expect(isErrorOnlyBody(null)).toBe(false);
    expect(isErrorOnlyBody('errors')).toBe(false);
  });

  it('errorBodyOn2xx: an invalid-response failure carrying the errors and the status', () => {
    const body = { errors: [{ code: 'InternalFailure', message: 'We encountered an internal error.' }] };
    const error = errorBodyOn2xx(body, res(200, body));
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect(error?.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error?.summary).toBe('SP-API answered HTTP 200 with an error body instead of a payload.');
    expect(error?.details).toEqual([
      {
        path: '',
        issue: 'We encountered an internal error.',
        received_type: 'upstream_error',
        upstream_code: 'InternalFailure',
        upstream_status: 200,
      },
    ]);
    expect(errorBodyOn2xx({ payload: {} }, res(200, { payload: {} }))).toBeUndefined();
  });
});

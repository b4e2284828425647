// What a caller reads when LWA or the Tokens API refuses: the upstream code, the right hints, the roles to request; and which token plug-in a scope uses.
import { AuthError, UpstreamHttpError } from '@obmcp/contract';
import type { AuthPlugin, UpstreamResponse } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { lwaAuthError, lwaError, parseLwaError } from '../../src/auth/lwa-errors.js';
import type { RdtRequest } from '../../src/auth/rdt-auth.js';
import { deniedDataElements, isRoleRefusal, rdtRefused } from '../../src/auth/rdt-errors.js';
import { routeSpAuth } from '../../src/auth/sp-auth.js';
import { ROLES } from '../../src/restricted/restricted-operations.js';

const CHECK_CREDENTIALS =
  'Check the LWA credentials (SP_API_CLIENT_ID, SP_API_CLIENT_SECRET, SP_API_REFRESH_TOKEN).';
const SERVER_ERROR = 'Login with Amazon failed server-side; retry after a short wait.';

describe('lwaError: an LWA error body', () => {
  it('invalid_grant: the upstream code and description, and the re-authorize hints', () => {
    const parsed = lwaError(400, {
      error: 'invalid_grant',
      error_description: 'The request has an invalid grant parameter : refresh_token',
    });
    expect(parsed).toEqual({
      summary: 'Login with Amazon token exchange failed with HTTP 400 (invalid_grant).',
      details: [
        {
          path: '',
          issue: 'The request has an invalid grant parameter : refresh_token',
          received_type: 'upstream_error',
          upstream_code: 'invalid_grant',
          upstream_status: 400,
        },
      ],
      hints: [
        expect.stringMatching(
          /^The refresh token was rejected .*re-authorize the selling partner application/,
        ),
        'Check that the refresh token belongs to the app identified by SP_API_CLIENT_ID.',
      ],
    });
  });

  it('each documented code has its own hint', () => {
    expect(lwaError(401, { error: 'invalid_client' }).hints).toEqual([
      expect.stringContaining('SP_API_CLIENT_ID and SP_API_CLIENT_SECRET'),
    ]);
    expect(lwaError(400, { error: 'unauthorized_client' }).hints).toEqual([
      expect.stringContaining('not authorized for this grant'),
    ]);
    expect(lwaError(500, { error: 'server_error' }).hints).toEqual([SERVER_ERROR]);
    expect(lwaError(503, { error: 'temporarily_unavailable' }).hints).toEqual([
      'Login with Amazon is temporarily unavailable; retry after a short wait.',
    ]);
  });

  it('no readable code: an outage reads temporarily_unavailable, anything else unknown_error with the credential hint', () => {
    const outage = lwaError(503, undefined);
    expect(outage.summary).toBe(
      'Login with Amazon token exchange failed with HTTP 503 (temporarily_unavailable).',
    );
    expect(outage.details[0]?.issue).toBe('LWA returned temporarily_unavailable');
    expect(outage.hints).toEqual(['Login with Amazon is temporarily unavailable; retry after a short wait.']);
    const throttled = lwaError(429, 'Too Many Requests');
    expect(throttled.details[0]?.upstream_code).toBe('temporarily_unavailable');
    for (const body of [undefined, null, 'text', { error: 42 }, { other: 'x' }]) {
      const parsed = lwaError(400, body);
      expect(parsed.summary).toBe('Login with Amazon token exchange failed with HTTP 400 (unknown_error).');
      expect(parsed.details[0]).toMatchObject({
        issue: 'LWA returned unknown_error',
        upstream_code: 'unknown_error',
      });
      expect(parsed.hints).toEqual([CHECK_CREDENTIALS]);
    }
  });

  it('an unknown code during an outage gets the retry hint, not "check your credentials"', () => {
    expect(lwaError(502, { error: 'bad_gateway' }).hints).toEqual([SERVER_ERROR]);
    expect(lwaError(400, { error: 'bad_gateway' }).hints).toEqual([CHECK_CREDENTIALS]);
  });

  it('a description that is not a string is not shown; long codes and descriptions are bounded', () => {
    expect(lwaError(400, { error: 'invalid_grant', error_description: 7 }).details[0]?.issue).toBe(
      'LWA returned invalid_grant',
    );
    const long = lwaError(400, { error: 'x'.repeat(100), error_description: 'd'.repeat(1000) });
    expect(long.summary).toBe(`Login with Amazon token exchange failed with HTTP 400 (${'x'.repeat(39)}…).`);
    expect(long.details[0]?.upstream_code).toBe(`${'x'.repeat(59)}…`);
    expect(long.details[0]?.issue).toBe(`${'d'.repeat(299)}…`);
  });

  it('parseLwaError reads a JSON body; a non-JSON or unreadable body reads as none', () => {
    const res = (isJson: boolean, json: () => unknown) =>
      ({ status: 401, isJson, json }) as unknown as UpstreamResponse;
    expect(parseLwaError(res(true, () => ({ error: 'invalid_client' }))).details[0]?.upstream_code).toBe(
      'invalid_client',
    );
    expect(parseLwaError(res(false, () => ({ error: 'invalid_client' }))).details[0]?.upstream_code).toBe(
      'unknown_error',
    );
    expect(
      parseLwaError(
        res(true, () => {
          throw new SyntaxError('bad json');
        }),
      ).details[0]?.upstream_code,
    ).toBe('unknown_error');
  });

  it('lwaAuthError is an auth_error with the status', () => {
    const error = lwaAuthError(401, { error: 'invalid_client' });
    expect(error).toBeInstanceOf(AuthError);
    expect(error.status).toBe(401);
    expect(error.summary).toBe('Login with Amazon token exchange failed with HTTP 401 (invalid_client).');
    expect(error.hints).toHaveLength(1);
  });
});

const ORDER: RdtRequest = {
  identity: 'default',
  operationId: 'getOrder',
  resource: {
    method: 'GET',
    path: '/orders/v0/orders/{orderId}',
    dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
  },
  roles: [ROLES.shipping, ROLES.invoicing, ROLES.remittance],
};

const refusal = (status: number, ...issues: string[]) =>
  new UpstreamHttpError(status, {
    details: issues.map((issue) => ({
      path: '',
      issue,
      received_type: 'upstream_error',
      upstream_code: 'InvalidInput',
    })),
  });

describe('the Tokens API refusing an RDT', () => {
  it('deniedDataElements: the elements named in the refusal, among those asked', () => {
    const error = refusal(
      400,
      'Application does not have access to one or more requested data elements: [buyerTaxInformation, shippingAddress]',
    );
    expect(deniedDataElements(error, ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'])).toEqual([
      'shippingAddress',
      'buyerTaxInformation',
    ]);
    expect(deniedDataElements(error, ['buyerInfo', 'shippingAddress'])).toEqual(['shippingAddress']);
    // "data element" singular also counts; words that only contain an element's name do not.
    expect(
      deniedDataElements(refusal(400, 'No access to the requested Data Element buyerInfo'), ['buyerInfo']),
    ).toEqual(['buyerInfo']);
    expect(deniedDataElements(refusal(400, 'data elements: [buyerInfoExtra]'), ['buyerInfo'])).toEqual([]);
    // A refusal that names no data elements withholds nothing in particular.
    expect(
      deniedDataElements(refusal(403, 'Access to requested resource is denied. buyerInfo'), ['buyerInfo']),
    ).toEqual([]);
    // Issues of several details are read together.
    expect(
      deniedDataElements(refusal(400, 'requested data elements:', '[buyerInfo]'), ['buyerInfo']),
    ).toEqual(['buyerInfo']);
  });

  it('isRoleRefusal: a 400 "does not have access" or a 403 about the resource; not a token problem', () => {
    expect(
      isRoleRefusal(refusal(400, 'Application does not have access to one or more requested data elements')),
    ).toBe(true);
    expect(isRoleRefusal(refusal(400, 'Applications DO NOT HAVE ACCESS'))).toBe(true);
    expect(isRoleRefusal(refusal(400, 'Invalid input: restrictedResources'))).toBe(false);
    expect(isRoleRefusal(refusal(403, 'Access to requested resource is denied.'))).toBe(true);
    expect(isRoleRefusal(refusal(401, 'Access to requested resource is denied.'))).toBe(false);
    expect(isRoleRefusal(refusal(404, 'does not have access'))).toBe(false);
    for (const issue of [
      'The access token you provided has expired.',
      'The access token you provided is revoked.',
      'Access token is malformed.',
      'Access token is missing in the request header.',
    ]) {
      expect(isRoleRefusal(refusal(403, issue)), issue).toBe(false);
      expect(isRoleRefusal(refusal(400, `does not have access: ${issue}`)), issue).toBe(false);
    }
    expect(isRoleRefusal(new Error('does not have access'))).toBe(false);
    expect(isRoleRefusal(undefined)).toBe(false);
  });

  it('rdtRefused: an auth_error naming the operation, the resource, its elements and the roles to request', () => {
    const error = rdtRefused(ORDER, refusal(403, 'Access to requested resource is denied.'));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.status).toBe(403);
    expect(error.summary).toBe(
      'SP-API refused a restricted-data token for getOrder (GET /orders/v0/orders/{orderId}) (buyerInfo, shippingAddress, buyerTaxInformation): the application may lack the restricted role.',
    );
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'Access to requested resource is denied.',
        received_type: 'upstream_error',
        upstream_code: 'InvalidInput',
        upstream_status: 403,
      },
    ]);
    expect(error.hints[0]).toContain(
      'The application needs the role Direct-to-Consumer Shipping (Restricted), Tax Invoicing (Restricted) or Tax Remittance (Restricted): request it',
    );
    expect(error.hints[0]).toMatch(/^getOrder returns personal data/);
    expect(error.hints[1]).toContain('SP_API_RESTRICTED_DATA_TOKENS=false');
  });

  it('rdtRefused without data elements, with one role or none, and from a plain message', () => {
    const doc: RdtRequest = {
      identity: 'default',
      operationId: 'getReportDocument',
      resource: { method: 'GET', path: '/reports/2021-06-30/documents/D1' },
      roles: [ROLES.remittance],
    };
    const error = rdtRefused(doc, {
      status: 200,
      message: 'The Tokens API returned no restrictedDataToken.',
    });
    expect(error.summary).toBe(
      'SP-API refused a restricted-data token for getReportDocument (GET /reports/2021-06-30/documents/D1): the application may lack the restricted role.',
    );
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'The Tokens API returned no restrictedDataToken.',
        received_type: 'upstream_error',
        upstream_status: 200,
      },
    ]);
    expect(error.hints[0]).toContain('needs the role Tax Remittance (Restricted): request it');
    const none = rdtRefused(
      { ...doc, resource: { ...doc.resource, dataElements: [] }, roles: [] },
      refusal(403),
    );
    expect(none.summary).toBe(
      'SP-API refused a restricted-data token for getReportDocument (GET /reports/2021-06-30/documents/D1): the application may lack the restricted role.',
    );
    expect(none.details).toEqual([{ path: '', issue: 'token refused', received_type: 'upstream_error' }]);
    expect(none.hints[0]).toContain('needs the role a restricted role: request it');
    const two = rdtRefused({ ...doc, roles: [ROLES.shipping, ROLES.remittance] }, refusal(403, 'denied'));
    expect(two.hints[0]).toContain(
      'needs the role Direct-to-Consumer Shipping (Restricted) or Tax Remittance (Restricted): request it',
    );
  });
});

describe('routeSpAuth: RDT scopes to the RDT cache, every other scope to LWA', () => {
  function plugin(name: string, calls: string[], expired: boolean): AuthPlugin {
    return {
      headers: (scope) => {
        calls.push(`${name}.headers ${scope}`);
        return { 'x-amz-access-token': name };
      },
      invalidate: (scope) => {
        calls.push(`${name}.invalidate ${scope}`);
      },
      isExpired: () => expired,
    };
  }

  it('routes headers and invalidate by scope; an expired token is judged by the LWA rule for both', async () => {
    const calls: string[] = [];
    const route = routeSpAuth(plugin('lwa', calls, true), plugin('rdt', calls, false));
    expect(await route.headers('default')).toEqual({ 'x-amz-access-token': 'lwa' });
    expect(await route.headers('rdt:default GET /orders/v0/orders/{orderId}')).toEqual({
      'x-amz-access-token': 'rdt',
    });
    expect(await route.headers('default rdt:')).toEqual({ 'x-amz-access-token': 'lwa' });
    route.invalidate('rdt:default GET /x');
    route.invalidate('us-main');
    expect(calls).toEqual([
      'lwa.headers default',
      'rdt.headers rdt:default GET /orders/v0/orders/{orderId}',
      'lwa.headers default rdt:',
      'rdt.invalidate rdt:default GET /x',
      'lwa.invalidate us-main',
    ]);
    expect(route.isExpired({ status: 403 } as UpstreamResponse)).toBe(true);
  });
});

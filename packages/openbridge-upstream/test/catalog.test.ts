// The Openbridge operation catalog: URLs under each host key, the hosts' defaults and redirect scope, JWT claims.
import { describe, expect, it } from 'vitest';
import { isOpenbridgeJwtRejected, OPENBRIDGE_RULE } from '../src/budget.js';
import { OPENBRIDGE_DEFAULT_HOSTS, openbridgeRedirectHosts } from '../src/hosts.js';
import { readJwtClaims } from '../src/jwt-claims.js';
import { OPENBRIDGE_OPERATIONS, operationUrl } from '../src/operations.js';
import { jwtWith, response } from './support/fake-fetcher.js';

const urls = {
  auth: 'https://a',
  subscriptions: 'https://s',
  remoteIdentity: 'https://r',
  service: 'https://x',
};

describe('operationUrl', () => {
  it('fills the path template with encoded params under the operation host', () => {
    expect(operationUrl(urls, 'getJob', { job_id: 42 })).toBe('https://x/service/jobs/jobs/42');
    expect(operationUrl(urls, 'getRemoteIdentity', { remote_identity_id: 'a/b' })).toBe('https://r/ri/a%2Fb');
    expect(operationUrl(urls, 'listSharedRemoteIdentities')).toBe('https://r/sri');
    expect(operationUrl(urls, 'refreshTokenExchange')).toBe('https://a/auth/api/ref');
    expect(() => operationUrl(urls, 'getJob')).toThrow(/getJob: path parameter job_id missing/);
  });

  it('every operation names a known host and an absolute path template', () => {
    for (const op of Object.values(OPENBRIDGE_OPERATIONS)) {
      expect(Object.keys(OPENBRIDGE_DEFAULT_HOSTS)).toContain(op.host);
      expect(op.path).toMatch(/^\//);
    }
  });
});

describe('hosts', () => {
  it('defaults are the production hosts, and redirects stay on Openbridge or the configured hosts', () => {
    expect(Object.values(OPENBRIDGE_DEFAULT_HOSTS).every((u) => u.endsWith('.api.openbridge.io'))).toBe(true);
    expect(openbridgeRedirectHosts({ ...urls, service: 'http://127.0.0.1:9/x' })).toEqual([
      '*.api.openbridge.io',
      'a',
      's',
      'r',
      '127.0.0.1',
    ]);
  });
});

describe('budget', () => {
  it('never exceeds 1,000 requests in 5 minutes; a 401 means a rejected JWT', () => {
    expect(OPENBRIDGE_RULE.burst + OPENBRIDGE_RULE.rate * 300).toBe(1_000);
    expect(isOpenbridgeJwtRejected(response({ status: 401 }))).toBe(true);
    expect(isOpenbridgeJwtRejected(response({ status: 403 }))).toBe(false);
  });
});

describe('readJwtClaims', () => {
  it('reads expires_at (or exp), account_id and user_id, numbers or numeric strings', () => {
    expect(readJwtClaims(jwtWith({ expires_at: 10, account_id: '7', user_id: 8 }))).toEqual({
      expiresAtMs: 10_000,
      accountId: 7,
      userId: 8,
    });
    expect(readJwtClaims(jwtWith({ exp: '20' })).expiresAtMs).toBe(20_000);
    expect(readJwtClaims(jwtWith({ expires_at: 'soon', exp: 30 })).expiresAtMs).toBe(30_000);
  });

  it('an unreadable token has no claims', () => {
    const none = { expiresAtMs: undefined, accountId: undefined, userId: undefined };
    expect(readJwtClaims('only-one-part')).toEqual(none);
    expect(readJwtClaims('a.!!!.c')).toEqual(none);
    expect(readJwtClaims(jwtWith({ expires_at: Number.POSITIVE_INFINITY }))).toEqual(none);
  });
});

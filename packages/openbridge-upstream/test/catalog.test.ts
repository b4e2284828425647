// The Openbridge operation catalog: URLs under each host key, the hosts' defaults and redirect scope, JWT claims.
import { describe, expect, it } from 'vitest';
import { createLimiter } from '@obmcp/http-kit';
import {
  isOpenbridgeJwtRejected,
  OPENBRIDGE_BUCKET,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  OPENBRIDGE_RULE,
  openbridgeLimits,
} from '../src/budget.js';
import { OPENBRIDGE_DEFAULT_HOSTS, openbridgeRedirectHosts } from '../src/hosts.js';
import { openbridgeCatalog } from '../src/catalog.js';
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
    expect(operationUrl(urls, 'getHistory', { history_id: 7 })).toBe(
      'https://x/service/history/production/history/7',
    );
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
  it('one rule and one bucket for every operation, under the limiter name every server shares', () => {
    const limiter = createLimiter({ maxWaitMs: 0 });
    const limits = openbridgeLimits(limiter, {});
    expect(limits.limiter).toBe(limiter);
    expect(limits.rule('anything')).toEqual(OPENBRIDGE_RULE);
    expect(limits.bucket?.('anything')).toBe('requests');
    expect(OPENBRIDGE_BUCKET).toBe('requests');
    expect(OPENBRIDGE_LIMIT_NAME).toBe('openbridge');
  });

  it('reads the request id from the headers Openbridge sends', () => {
    for (const name of ['x-request-id', 'x-amzn-requestid', 'x-amz-apigw-id', 'x-correlation-id'])
      expect(OPENBRIDGE_HEADERS.requestId(new Headers({ [name]: 'req-1' })), name).toBe('req-1');
    expect(OPENBRIDGE_HEADERS.requestId(new Headers())).toBeUndefined();
    expect(OPENBRIDGE_HEADERS.rateLimit(new Headers({ 'x-ratelimit-limit': '5' }))).toBeUndefined();
  });

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

  it('an unreadable token or claim has none', () => {
    const none = { expiresAtMs: undefined, accountId: undefined, userId: undefined };
    expect(readJwtClaims('only-one-part')).toStrictEqual(none);
    expect(readJwtClaims('a.!!!.c')).toStrictEqual(none);
    expect(readJwtClaims(jwtWith({ expires_at: Number.POSITIVE_INFINITY }))).toStrictEqual(none);
    expect(readJwtClaims(jwtWith({ account_id: { id: 1 }, user_id: true, exp: 'x' }))).toStrictEqual(none);
  });
});

describe('openbridgeCatalog', () => {
  // Built inside each test (never at collection), so each test runs the catalog code it checks.
  const byId = () => new Map(openbridgeCatalog().operations.map((op) => [op.meta.operationId, op]));

  it('one entry per operation, sorted by name, meta.api its host key, no generated tools (no examples)', () => {
    expect(openbridgeCatalog()).toMatchObject({ format: 1, family: 'openbridge' });
    expect([...byId().keys()].sort()).toEqual(Object.keys(OPENBRIDGE_OPERATIONS).sort());
    const names = openbridgeCatalog().operations.map((op) => op.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(openbridgeCatalog().operations.every((op) => op.examples.length === 0 && !op.deprecated)).toBe(
      true,
    );
  });

  it('a read: path params required, query params optional, no body', () => {
    expect(byId().get('listAccountHealthchecks')).toEqual({
      name: 'list_account_healthchecks',
      title: 'listAccountHealthchecks',
      description: 'GET /service/healthchecks/production/healthchecks/account/{account_id} (service host)',
      toolset: 'service',
      writes: false,
      deprecated: false,
      inputSchema: {
        type: 'object',
        properties: {
          account_id: {},
          status: {},
          subscription_id: {},
          modified_at__gt: {},
          modified_at__lt: {},
          page: {},
          page_size: {},
        },
        required: ['account_id'],
      },
      examples: [],
      recipe: {
        method: 'GET',
        path: '/service/healthchecks/production/healthchecks/account/{account_id}',
        params: [
          { arg: 'account_id', name: 'account_id', in: 'path', required: true },
          ...['status', 'subscription_id', 'modified_at__gt', 'modified_at__lt', 'page', 'page_size'].map(
            (name) => ({ arg: name, name, in: 'query', required: false }),
          ),
        ],
      },
      usagePlan: null,
      meta: {
        api: 'service',
        operationId: 'listAccountHealthchecks',
        method: 'GET',
        path: '/service/healthchecks/production/healthchecks/account/{account_id}',
      },
    });
  });

  it('a write: its body, and no query', () => {
    const op = byId().get('updateSubscription');
    expect(op?.writes).toBe(true);
    expect(op?.recipe.params).toEqual([
      { arg: 'subscription_id', name: 'subscription_id', in: 'path', required: true },
      { arg: 'body', name: '', in: 'body', required: true },
    ]);
    expect(op?.inputSchema.required).toEqual(['subscription_id', 'body']);
    expect(
      byId()
        .get('listStorages')
        ?.recipe.params.map((p) => p.in),
    ).toEqual(['query', 'query']);
  });
});

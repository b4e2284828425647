// The settings an operator gets without setting them, each variable read, the refresh token required and never echoed; and a grammar's parse errors as one short line.
import { describe, expect, it } from 'vitest';
import { configSecrets, loadConfig } from '../../src/config.js';
import { describeError, parseWith } from '../../src/sql/dialect-parsers.js';

const KEY = { OPENBRIDGE_REFRESH_TOKEN: 'key-id:key-secret' };

describe('loadConfig', () => {
  it('production defaults: 20 s calls, two retries, 2 s limiter waits, the Openbridge hosts, nothing privileged', () => {
    expect(loadConfig(KEY)).toMatchObject({
      mock: false,
      refreshToken: 'key-id:key-secret',
      privilegedTools: false,
      queryExecution: false,
      timeoutMs: 20_000,
      maxRetries: 2,
      limiterMaxWaitMs: 2_000,
      urls: {
        auth: 'https://authentication.api.openbridge.io',
        subscriptions: 'https://subscriptions.api.openbridge.io',
        remoteIdentity: 'https://remote-identity.api.openbridge.io',
        service: 'https://service.api.openbridge.io',
      },
    });
  });

  it('mock mode: no key needed, 15 s calls, 500 ms limiter waits', () => {
    expect(loadConfig({ OBMCP_MOCK: '1' })).toMatchObject({
      mock: true,
      refreshToken: '',
      timeoutMs: 15_000,
      limiterMaxWaitMs: 500,
    });
  });

  it('each variable is read', () => {
    expect(
      loadConfig({
        ...KEY,
        OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true',
        OPENBRIDGE_ENABLE_QUERY_EXECUTION: '1',
        OPENBRIDGE_TIMEOUT_MS: '100',
        OPENBRIDGE_MAX_RETRIES: '0',
        OPENBRIDGE_AUTH_BASE_URL: 'http://127.0.0.1:1/auth',
        OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: 'http://127.0.0.1:2/sub',
        OPENBRIDGE_REMOTE_IDENTITY_BASE_URL: 'http://127.0.0.1:3/ri',
        OPENBRIDGE_SERVICE_BASE_URL: 'http://127.0.0.1:4/svc',
      }),
    ).toMatchObject({
      privilegedTools: true,
      queryExecution: true,
      timeoutMs: 100,
      maxRetries: 0,
      urls: {
        auth: 'http://127.0.0.1:1/auth',
        subscriptions: 'http://127.0.0.1:2/sub',
        remoteIdentity: 'http://127.0.0.1:3/ri',
        service: 'http://127.0.0.1:4/svc',
      },
    });
    expect(() => loadConfig({ ...KEY, OPENBRIDGE_MAX_RETRIES: '6' })).toThrow(/OPENBRIDGE_MAX_RETRIES/);
    expect(() => loadConfig({ ...KEY, OPENBRIDGE_TIMEOUT_MS: '99' })).toThrow(/OPENBRIDGE_TIMEOUT_MS/);
  });

  it('the key: required outside mock mode and --hosted, of the form key:secret, never echoed', () => {
    expect(() => loadConfig({})).toThrow(/^OPENBRIDGE_REFRESH_TOKEN is required/);
    expect(() => loadConfig({ OBMCP_HOSTED: '0' })).toThrow(/^OPENBRIDGE_REFRESH_TOKEN is required/);
    expect(loadConfig({ OBMCP_HOSTED: '1' }).refreshToken).toBe('');
    for (const bad of ['no-colon-secret', 'a:b:c', 'key :secret', ':secret', 'key:']) {
      expect(() => loadConfig({ OPENBRIDGE_REFRESH_TOKEN: bad }), bad).toThrow(
        'OPENBRIDGE_REFRESH_TOKEN must have the form key:secret (the value is not shown)',
      );
      expect(() => loadConfig({ OBMCP_MOCK: '1', OPENBRIDGE_REFRESH_TOKEN: bad }), bad).toThrow(/key:secret/);
    }
  });

  it('configSecrets: the key, never an empty string', () => {
    expect(configSecrets(loadConfig(KEY))).toEqual(['key-id:key-secret']);
    expect(configSecrets(loadConfig({ OBMCP_MOCK: '1' }))).toEqual([]);
  });
});

describe('the grammars', () => {
  it('parseWith: the statements of a parsable text; a parse error where it is and what was found', () => {
    const ok = parseWith('redshift', 'SELECT a FROM t; SELECT b FROM u');
    expect(ok.ok && ok.statements).toHaveLength(2);
    const one = parseWith('bigquery', 'SELECT a FROM t');
    expect(one.ok && one.statements).toHaveLength(1);
    const bad = parseWith('redshift', 'SELECT FROM WHERE');
    expect(bad).toEqual({ ok: false, error: expect.stringMatching(/^line 1, column \d+: unexpected /) });
  });

  it('describeError: position and what was found, else the message bounded, else "not parsable"', () => {
    expect(
      describeError({
        message: 'Expected "(", "SELECT", or [ \\t\\n\\r] but "x" found.',
        location: { start: { line: 3, column: 7 } },
      }),
    ).toBe('line 3, column 7: unexpected "x"');
    expect(describeError({ message: `Expected a but ${'y'.repeat(100)} found` })).toBe(
      `unexpected ${'y'.repeat(40)}`,
    );
    expect(describeError({ message: 'm'.repeat(300), location: { start: { line: '3' } } })).toBe(
      'm'.repeat(160),
    );
    expect(describeError({ message: 42 })).toBe('not parsable');
    // A grammar that throws something other than an error object is still described, never a crash.
    expect(describeError(undefined)).toBe('not parsable');
    expect(describeError(null)).toBe('not parsable');
    expect(describeError('Expected x but y found')).toBe('not parsable');
  });
});

// The one env reader every server's config uses: strict booleans, bounded integers, enums, renamed variables.
import { describe, expect, test } from 'vitest';
import { ConfigError, readContractSettings, readLogLevel } from '../src/entries/config.js';
import { createEnvReader } from '../src/config/env-reader.js';

const reader = (env: Record<string, string>) => createEnvReader(env);

describe('createEnvReader', () => {
  test('booleans: true/false/1/0 in any case; unset or blank → fallback; anything else names variable and value', () => {
    const env = reader({ A: 'TRUE', B: '0', C: ' ', D: 'yes' });
    expect(env.bool('A', false)).toBe(true);
    expect(env.bool('B', true)).toBe(false);
    expect(env.bool('C', true)).toBe(true);
    expect(env.bool('UNSET', false)).toBe(false);
    expect(() => env.bool('D', false)).toThrow(new ConfigError('D must be true, false, 1 or 0 (got "yes")'));
  });

  test('integers: whole numbers within bounds only', () => {
    const env = reader({ OK: ' 250 ', LOW: '5', FRAC: '1.5', WORD: 'abc', HEX: '0x10' });
    const bounds = { min: 10, max: 1000 };
    expect(env.int('OK', bounds, 1)).toBe(250);
    expect(env.int('UNSET', bounds, 42)).toBe(42);
    expect(env.optionalInt('UNSET', bounds)).toBeUndefined();
    for (const name of ['LOW', 'FRAC', 'WORD', 'HEX'])
      expect(() => env.int(name, bounds, 1)).toThrow(`${name} must be an integer from 10 to 1000 (got "`);
  });

  test('enums: case-insensitive, the message lists the accepted values; long values are cut', () => {
    const env = reader({ MODE: 'ON', BAD: 'sometimes', LONG: 'x'.repeat(100) });
    expect(env.oneOf('MODE', ['on', 'off'], 'off')).toBe('on');
    expect(() => env.oneOf('BAD', ['on', 'only', 'off'], 'on')).toThrow(
      'BAD must be one of on, only, off (got "sometimes")',
    );
    expect(() => env.oneOf('LONG', ['a'], 'a')).toThrow(`(got "${'x'.repeat(40)}…")`);
  });

  test('URLs: absolute http(s) only, trailing slashes dropped; anything else names variable and value', () => {
    const env = reader({
      OK: 'http://127.0.0.1:8080/',
      TLS: 'https://proxy.example/sp',
      FTP: 'ftp://x',
      REL: '/v1',
    });
    expect(env.optionalUrl('OK')).toBe('http://127.0.0.1:8080');
    expect(env.optionalUrl('TLS')).toBe('https://proxy.example/sp');
    expect(env.optionalUrl('UNSET')).toBeUndefined();
    expect(() => env.optionalUrl('FTP')).toThrow(
      new ConfigError('FTP must be an http(s) URL (got "ftp://x")'),
    );
    expect(() => env.optionalUrl('REL')).toThrow('REL must be an http(s) URL (got "/v1")');
  });

  test('URLs may carry a proxy user:password; a bad one is never echoed with it', () => {
    const env = reader({
      PROXY: 'https://obmcp:canary-pw-91@proxy.example/sp/',
      FTP: 'ftp://obmcp:canary-pw-91@files.example',
      BROKEN: 'https://obmcp:canary/pw-91@proxy.example',
    });
    expect(env.optionalUrl('PROXY')).toBe('https://obmcp:canary-pw-91@proxy.example/sp');
    expect(() => env.optionalUrl('FTP')).toThrow(
      new ConfigError('FTP must be an http(s) URL (got "ftp://***@files.example")'),
    );
    expect(() => env.optionalUrl('BROKEN')).toThrow(/not shown/);
    for (const name of ['FTP', 'BROKEN']) expect(() => env.optionalUrl(name)).not.toThrow(/canary/);
  });

  test('renamed variables: the new name wins; an old one still works and leaves one warning', () => {
    const both = reader({ OBMCP_LOG_LEVEL: 'warn', SP_API_LOG_LEVEL: 'debug' });
    expect(readLogLevel(both, ['SP_API_LOG_LEVEL'])).toBe('warn');
    expect(both.warnings).toEqual([]);
    const old = reader({ SP_API_LOG_LEVEL: 'debug' });
    expect(readLogLevel(old, ['SP_API_LOG_LEVEL'])).toBe('debug');
    expect(old.warnings).toEqual([
      'SP_API_LOG_LEVEL is deprecated, use OBMCP_LOG_LEVEL (the old name stops working in the next release)',
    ]);
    expect(() => readLogLevel(reader({ SP_API_LOG_LEVEL: 'loud' }), ['SP_API_LOG_LEVEL'])).toThrow(
      'SP_API_LOG_LEVEL must be one of debug, info, warn, error (got "loud")',
    );
    expect(readLogLevel(reader({}))).toBe('info');
  });

  test('contract switches are strict too (a typo no longer means "true")', () => {
    expect(readContractSettings({ MCP_STRICT_UNKNOWN_FIELDS: '0' }).strictUnknown).toBe(false);
    expect(() => readContractSettings({ MCP_STRICT_UNKNOWN_FIELDS: 'nope' })).toThrow(
      'MCP_STRICT_UNKNOWN_FIELDS must be true, false, 1 or 0 (got "nope")',
    );
  });
});

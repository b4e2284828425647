// The one env reader every server's config uses: strict booleans, bounded integers, enums, renamed variables.
import { describe, expect, test } from 'vitest';
import { ConfigError, readContractSettings, readLogLevel } from '../src/entries/config.js';
import { createEnvReader, type EnvRead, envReaderOf } from '../src/config/env-reader.js';

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

describe('what each read reports (the --help rows) and its edges', () => {
  /** A reader that records each read, as --help builds its table. */
  const recording = (env: Record<string, string>) => {
    const reads: EnvRead[] = [];
    return { reads, env: createEnvReader(env, { onRead: (r) => reads.push(r) }) };
  };

  test('each kind of read reports its name, fallback and accepted values', () => {
    const { reads, env } = recording({});
    env.text('T');
    env.textOr('TO', 'dflt');
    env.bool('B', false);
    env.int('I', { min: 1, max: 9 }, 5);
    env.optionalInt('OI', { min: 0, max: Number.MAX_SAFE_INTEGER });
    env.oneOf('E', ['a', 'b'], 'b');
    env.optionalOneOf('OE', ['x']);
    env.optionalUrl('U');
    env.urlOr('UO', 'https://api.example');
    env.renamed('NEW', ['OLD1', 'OLD2']);
    env.renamed('PLAIN', []);
    expect(reads).toEqual([
      { name: 'T' },
      { name: 'TO', fallback: 'dflt' },
      { name: 'B', fallback: 'false', accepted: 'true|false' },
      { name: 'I', accepted: '1-9', fallback: '5' },
      { name: 'OI', accepted: '0 or more' },
      { name: 'E', accepted: 'a|b', fallback: 'b' },
      { name: 'OE', accepted: 'x' },
      { name: 'U', accepted: 'http(s) URL' },
      { name: 'UO', accepted: 'http(s) URL', fallback: 'https://api.example' },
      { name: 'NEW', legacy: ['OLD1', 'OLD2'] },
    ]);
  });

  test('the fallbacks apply only when unset or blank; a set value wins', () => {
    const env = createEnvReader({ TO: ' v ', UO: 'https://mine.example/', E: 'A', I: '7', BLANK: '   ' });
    expect(env.textOr('TO', 'dflt')).toBe('v');
    expect(env.textOr('BLANK', 'dflt')).toBe('dflt');
    expect(env.text('BLANK')).toBeUndefined();
    expect(env.urlOr('UO', 'https://api.example')).toBe('https://mine.example');
    expect(env.urlOr('NONE', 'https://api.example')).toBe('https://api.example');
    expect(env.oneOf('E', ['a', 'b'], 'b')).toBe('a');
    expect(env.optionalOneOf('E', ['a'])).toBe('a');
    expect(env.optionalOneOf('NONE', ['a'])).toBeUndefined();
    expect(env.int('I', { min: 1, max: 9 }, 5)).toBe(7);
    expect(env.optionalInt('I', { min: 1, max: 9 })).toBe(7);
  });

  test('integers: a sign is allowed, the bounds are inclusive, past the safe range is refused', () => {
    const env = createEnvReader({
      PLUS: '+5',
      MINUS: '-3',
      MIN: '10',
      MAX: '1000',
      OVER: '1001',
      HUGE: '9007199254740993',
    });
    expect(env.int('PLUS', { min: 0, max: 9 }, 1)).toBe(5);
    expect(env.int('MINUS', { min: -5, max: 9 }, 1)).toBe(-3);
    expect(env.int('MIN', { min: 10, max: 1000 }, 1)).toBe(10);
    expect(env.int('MAX', { min: 10, max: 1000 }, 1)).toBe(1000);
    expect(() => env.int('OVER', { min: 10, max: 1000 }, 1)).toThrow(
      new ConfigError('OVER must be an integer from 10 to 1000 (got "1001")'),
    );
    expect(() => env.int('HUGE', { min: 0, max: Number.MAX_SAFE_INTEGER }, 1)).toThrow(
      `HUGE must be an integer from 0 to ${Number.MAX_SAFE_INTEGER} (got "9007199254740993")`,
    );
  });

  test('a value of 40 characters is echoed whole, a longer one cut at 40', () => {
    const env = createEnvReader({ FORTY: 'y'.repeat(40), MORE: 'y'.repeat(41) });
    expect(() => env.bool('FORTY', true)).toThrow(`(got "${'y'.repeat(40)}")`);
    expect(() => env.bool('MORE', true)).toThrow(`(got "${'y'.repeat(40)}…")`);
  });

  test('a URL whose only credential is a user name is taken; a non-http scheme with a bare @ is not shown', () => {
    const env = createEnvReader({ USER: 'http://proxyonly@proxy.example//', MAIL: 'mailto:me@example.com' });
    expect(env.optionalUrl('USER')).toBe('http://proxyonly@proxy.example');
    expect(() => env.optionalUrl('MAIL')).toThrow(
      "MAIL must be an http(s) URL (got a value with '@', not shown: it may hold a password)",
    );
  });

  test('renamed: the first legacy name set is used; none set is the new name without a warning', () => {
    const env = createEnvReader({ OLD2: 'x', OLD3: 'y' });
    expect(env.renamed('NEW', ['OLD1', 'OLD2', 'OLD3'])).toBe('OLD2');
    expect(env.renamed('OTHER', ['GONE'])).toBe('OTHER');
    expect(env.warnings).toEqual([
      'OLD2 is deprecated, use NEW (the old name stops working in the next release)',
    ]);
  });

  test('envReaderOf keeps a reader as it is and wraps a plain environment', () => {
    const reads: EnvRead[] = [];
    const existing = createEnvReader({ A: '1' }, { onRead: (r) => reads.push(r) });
    expect(envReaderOf(existing)).toBe(existing);
    expect(envReaderOf({ A: 'true' }).bool('A', false)).toBe(true);
  });

  test('contract switches: their defaults and each one read from its own variable', () => {
    expect(readContractSettings({})).toEqual({
      normalizationEnabled: true,
      normalizationMeta: false,
      strictUnknown: true,
    });
    expect(
      readContractSettings({
        MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false',
        MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
        MCP_STRICT_UNKNOWN_FIELDS: 'false',
      }),
    ).toEqual({ normalizationEnabled: false, normalizationMeta: true, strictUnknown: false });
  });
});

// describeEnvironment's rows as `--help` prints them: only the columns a read gave, and the loader's own failures.
import { describe, expect, it } from 'vitest';
import { describeEnvironment } from '../src/config/env-docs.js';
import { ConfigError } from '../src/config/env-reader.js';

describe('describeEnvironment', () => {
  it('a documented variable no pass reads is a row with its meaning only', () => {
    const rows = describeEnvironment([{ A_UNREAD: 'never read' }], () => undefined);
    expect(rows).toStrictEqual([{ name: 'A_UNREAD', meaning: 'never read' }]);
  });

  it('a read without default, accepted values or old names adds none of those columns', () => {
    const rows = describeEnvironment([{ A_TEXT: 'plain text' }], (env) => void env.text('A_TEXT'));
    expect(rows).toStrictEqual([{ name: 'A_TEXT', meaning: 'plain text' }]);
  });

  it('a default only outside mock mode: no mock default column', () => {
    const rows = describeEnvironment([{ OBMCP_MOCK: 'mock', A_URL: 'base URL' }], (env) => {
      if (env.text('OBMCP_MOCK') === '1') env.text('A_URL');
      else env.textOr('A_URL', 'https://example.test');
    });
    expect(rows[1]).toStrictEqual({ name: 'A_URL', meaning: 'base URL', default: 'https://example.test' });
  });

  it('a mock-mode default that differs is its own column', () => {
    const rows = describeEnvironment([{ OBMCP_MOCK: 'mock', A_MS: 'timeout' }], (env) => {
      env.textOr('A_MS', env.text('OBMCP_MOCK') === '1' ? '50' : '5000');
    });
    expect(rows[1]).toStrictEqual({ name: 'A_MS', meaning: 'timeout', default: '5000', mockDefault: '50' });
  });

  it('a ConfigError from the loader still describes what it read; any other error is thrown', () => {
    const rows = describeEnvironment([{ A_KEY: 'key' }], (env) => {
      env.text('A_KEY');
      throw new ConfigError('A_KEY is required');
    });
    expect(rows).toStrictEqual([{ name: 'A_KEY', meaning: 'key' }]);
    expect(() =>
      describeEnvironment([{ A_KEY: 'key' }], () => {
        throw new TypeError('loader bug');
      }),
    ).toThrow('loader bug');
  });

  it('every undocumented variable is named, comma-separated', () => {
    expect(() =>
      describeEnvironment([], (env) => {
        env.text('B_ONE');
        env.text('B_TWO');
      }),
    ).toThrow('environment variables read but not documented: B_ONE, B_TWO');
  });
});

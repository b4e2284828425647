// readHttpOptions at its edges: ports, lists, the body and drain bounds, the token's length, --hosted, parsed flags.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/env-reader.js';
import { HTTP_DEFAULTS, readHttpOptions, wantsHttp } from '../src/http/http-options.js';

describe('readHttpOptions', () => {
  it('takes a port from 0 to 65535 written in digits only, naming the flag and echoing 40 characters', () => {
    expect(readHttpOptions(['--port', '65535'], {}).port).toBe(65_535);
    expect(readHttpOptions(['--port', ' 8080 '], {}).port).toBe(8_080);
    for (const bad of ['65536', '-1', '1.5', '0x10', '1e3', '8080x', 'x8080', ' '])
      expect(() => readHttpOptions([`--port=${bad}`], {}), bad).toThrow(
        new ConfigError(`--port: "${bad}" is not a TCP port (0-65535)`),
      );
    const long = '9'.repeat(50);
    expect(() => readHttpOptions(['--port', long], {})).toThrow(
      `--port: "${'9'.repeat(40)}" is not a TCP port`,
    );
    expect(() => readHttpOptions([], { OBMCP_HTTP_PORT: '65536' })).toThrow(/OBMCP_HTTP_PORT/);
    expect(readHttpOptions([], { OBMCP_HTTP_PORT: '0' }).port).toBe(0);
  });

  it('bounds the body size and the drain, with their defaults', () => {
    const defaults = readHttpOptions([], {});
    expect(defaults).toEqual({
      port: 3000,
      host: '127.0.0.1',
      maxBodyBytes: 1_048_576,
      shutdownTimeoutMs: 10_000,
    });
    expect(HTTP_DEFAULTS).toEqual({
      port: 3000,
      host: '127.0.0.1',
      maxBodyBytes: 1_048_576,
      shutdownTimeoutMs: 10_000,
    });
    expect(readHttpOptions([], { OBMCP_HTTP_MAX_BODY_BYTES: '1' }).maxBodyBytes).toBe(1);
    expect(readHttpOptions([], { OBMCP_HTTP_MAX_BODY_BYTES: String(2 ** 31 - 1) }).maxBodyBytes).toBe(
      2 ** 31 - 1,
    );
    expect(() => readHttpOptions([], { OBMCP_HTTP_MAX_BODY_BYTES: '0' })).toThrow(ConfigError);
    expect(() => readHttpOptions([], { OBMCP_HTTP_MAX_BODY_BYTES: String(2 ** 31) })).toThrow(ConfigError);
    expect(readHttpOptions([], { OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS: '1' }).shutdownTimeoutMs).toBe(1);
    expect(readHttpOptions([], { OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS: '600000' }).shutdownTimeoutMs).toBe(600_000);
    expect(() => readHttpOptions([], { OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => readHttpOptions([], { OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS: '600001' })).toThrow(ConfigError);
  });

  it('reads host and origin lists trimmed, lower-cased, without empty entries; unset: none', () => {
    const opts = readHttpOptions([], {
      OBMCP_HTTP_ALLOWED_HOSTS: ' A.example , ,B.example:8080,',
      OBMCP_HTTP_ALLOWED_ORIGINS: 'HTTPS://App.Example ,',
    });
    expect(opts.allowedHosts).toEqual(['a.example', 'b.example:8080']);
    expect(opts.allowedOrigins).toEqual(['https://app.example']);
    const none = readHttpOptions([], {});
    expect('allowedHosts' in none).toBe(false);
    expect('allowedOrigins' in none).toBe(false);
    expect('bearerToken' in none).toBe(false);
  });

  it('a bearer token needs 16 characters', () => {
    expect(readHttpOptions([], { OBMCP_HTTP_BEARER_TOKEN: 'x'.repeat(16) }).bearerToken).toBe('x'.repeat(16));
    expect(() => readHttpOptions([], { OBMCP_HTTP_BEARER_TOKEN: 'x'.repeat(15) })).toThrow(
      new ConfigError('OBMCP_HTTP_BEARER_TOKEN must be at least 16 characters'),
    );
  });

  it('--hosted: guarded on any bind, and a shared bearer token is refused', () => {
    expect(readHttpOptions(['--hosted', '--host', '0.0.0.0'], {})).toMatchObject({
      hostedMode: true,
      host: '0.0.0.0',
    });
    expect(() => readHttpOptions(['--hosted'], { OBMCP_HTTP_BEARER_TOKEN: 'x'.repeat(16) })).toThrow(
      new ConfigError('--hosted authorizes each user with OAuth: unset OBMCP_HTTP_BEARER_TOKEN'),
    );
    expect('hostedMode' in readHttpOptions(['--http'], {})).toBe(false);
  });

  it('a non-loopback bind without a token is refused unless allowed by flag or env', () => {
    expect(() => readHttpOptions(['--host', '0.0.0.0'], {})).toThrow(ConfigError);
    expect(() =>
      readHttpOptions(['--host', '0.0.0.0'], { OBMCP_HTTP_ALLOW_UNAUTHENTICATED: 'false' }),
    ).toThrow(/OBMCP_HTTP_BEARER_TOKEN .*OBMCP_HTTP_ALLOW_UNAUTHENTICATED=true/);
    expect(readHttpOptions(['--host', '0.0.0.0', '--allow-unauthenticated'], {}).host).toBe('0.0.0.0');
    expect(readHttpOptions(['--host', '0.0.0.0'], { OBMCP_HTTP_ALLOW_UNAUTHENTICATED: '1' }).host).toBe(
      '0.0.0.0',
    );
  });

  it('takes flags parsed already, and argv asking for help or version as no flags', () => {
    expect(readHttpOptions({ http: true, port: '81', allowUnauthenticated: false }, {}).port).toBe(81);
    expect(readHttpOptions(['--help', '--port', '82'], {}).port).toBe(3000);
    expect(wantsHttp(['--version', '--http'], {})).toBe(false);
    expect(wantsHttp({ http: true, allowUnauthenticated: false }, {})).toBe(true);
    expect(wantsHttp({ http: false, allowUnauthenticated: false }, { OBMCP_HTTP_PORT: '1' })).toBe(true);
  });
});

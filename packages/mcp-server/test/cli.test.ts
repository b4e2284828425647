// The bins' shared command line: argument parsing, the Node floor, the HTTP exposure rule, and the --help environment table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CliUsageError, checkHttpFlagsApply, parseCliArgs } from '../src/cli/cli-args.js';
import { ConfigError, readContractSettings, readLogLevel } from '../src/entries/config.js';
import { describeEnvironment } from '../src/config/env-docs.js';
import { exposureRefusal, isLoopbackHost } from '../src/http/exposure.js';
import { meetsNodeFloor, NODE_FLOOR, nodeFloorRefusal, supportedNodeText } from '../src/cli/node-floor.js';
import { readHttpOptions } from '../src/http/http-options.js';

describe('parseCliArgs', () => {
  it('help and version win; serve carries the HTTP flags', () => {
    expect(parseCliArgs(['--help'])).toEqual({ action: 'help' });
    expect(parseCliArgs(['--http', '-h'])).toEqual({ action: 'help' });
    expect(parseCliArgs(['-v'])).toEqual({ action: 'version' });
    expect(parseCliArgs([])).toEqual({
      action: 'serve',
      flags: { http: false, allowUnauthenticated: false },
    });
    expect(parseCliArgs(['--http', '--port=0', '--host', '::1', '--allow-unauthenticated'])).toEqual({
      action: 'serve',
      flags: { http: true, port: '0', host: '::1', allowUnauthenticated: true },
    });
  });

  it('anything else is a usage error naming it and what is accepted', () => {
    expect(() => parseCliArgs(['--bogus'])).toThrow(
      new CliUsageError(
        'unknown option "--bogus"; accepted: --http, --hosted, --port N, --host H, --allow-unauthenticated, -h, --help, -v, --version',
      ),
    );
    expect(() => parseCliArgs(['serve'])).toThrow(/^unknown argument "serve"; accepted: --http/);
    expect(() => parseCliArgs(['--host'])).toThrow('--host needs a value (--host H)');
    expect(() => parseCliArgs(['--port', '--http'])).toThrow('--port needs a value (--port N)');
  });

  it('a valued flag takes its value after = or as the next argument, whatever it looks like after =', () => {
    const serve = (argv: string[]) => {
      const request = parseCliArgs(argv);
      return request.action === 'serve' ? request.flags : undefined;
    };
    expect(serve(['--port=8080', '--host=0.0.0.0'])).toEqual({
      http: false,
      port: '8080',
      host: '0.0.0.0',
      allowUnauthenticated: false,
    });
    expect(serve(['--host', 'a=b', '--port', '1'])).toMatchObject({ host: 'a=b', port: '1' });
    // After '=' the value is the operator's, dash or '=' included (readHttpOptions judges it).
    expect(serve(['--port=-1'])).toMatchObject({ port: '-1' });
    expect(serve(['--host=x=y'])).toMatchObject({ host: 'x=y' });
    // The next argument that looks like a flag is not taken as a value; an empty value is none.
    expect(() => parseCliArgs(['--host', '-h'])).toThrow('--host needs a value (--host H)');
    expect(() => parseCliArgs(['--port='])).toThrow('--port needs a value (--port N)');
    expect(() => parseCliArgs(['--port', ''])).toThrow('--port needs a value (--port N)');
    expect(() => parseCliArgs(['--port'])).toThrow('--port needs a value (--port N)');
    // '=' on another flag, or a single dash: not a valued flag.
    expect(() => parseCliArgs(['--http=1'])).toThrow('unknown option "--http=1"');
    expect(() => parseCliArgs(['-port=1'])).toThrow('unknown option "-port=1"');
    expect(() => parseCliArgs(['--portx=1'])).toThrow('unknown option "--portx=1"');
    expect(() => parseCliArgs(['x=1'])).toThrow('unknown argument "x=1"');
    // The value is consumed: the argument after it is read as a flag of its own.
    expect(serve(['--port', '9', '--http'])).toMatchObject({ port: '9', http: true });
    expect(serve(['--hosted'])).toEqual({ http: true, hosted: true, allowUnauthenticated: false });
    expect(parseCliArgs(['-v', '--help'])).toEqual({ action: 'version' });
    expect(parseCliArgs(['--version'])).toEqual({ action: 'version' });
  });

  it('HTTP flags without HTTP are a usage error, not ignored', () => {
    const flags = (argv: string[]) => {
      const request = parseCliArgs(argv);
      if (request.action !== 'serve') throw new Error('not serve');
      return request.flags;
    };
    expect(() => checkHttpFlagsApply(flags(['--port', '8080']), false)).toThrow(
      new CliUsageError('--port applies to HTTP only: add --http (or set OBMCP_HTTP_PORT)'),
    );
    expect(() => checkHttpFlagsApply(flags(['--host', '0.0.0.0', '--allow-unauthenticated']), false)).toThrow(
      '--host, --allow-unauthenticated apply to HTTP only',
    );
    expect(() => checkHttpFlagsApply(flags(['--port', '8080']), true)).not.toThrow();
    expect(() => checkHttpFlagsApply(flags(['--http', '--port', '8080']), false)).not.toThrow();
    expect(() => checkHttpFlagsApply(flags([]), false)).not.toThrow();
  });
});

describe('Node floor', () => {
  it('is the engines floor of the repository', () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(root.engines.node).toBe(`>=${NODE_FLOOR}`);
  });

  it('compares numerically and names the version needed', () => {
    expect(meetsNodeFloor('20.18.1')).toBe(true);
    expect(meetsNodeFloor('v22.0.0')).toBe(true);
    expect(meetsNodeFloor('20.9.0')).toBe(false);
    expect(meetsNodeFloor('20.18.0')).toBe(false);
    expect(meetsNodeFloor('18.20.4')).toBe(false);
    expect(supportedNodeText()).toBe('Node.js 20.18.1 or newer (tested on 20, 22 and 24)');
    expect(nodeFloorRefusal('sp-mcp', '20.20.2')).toBeUndefined();
    expect(nodeFloorRefusal('sp-mcp', '18.19.0')).toBe(
      'sp-mcp: Node.js 20.18.1 or newer (tested on 20, 22 and 24) is required (this is v18.19.0); install a current Node LTS from https://nodejs.org',
    );
  });
});

describe('HTTP exposure', () => {
  it('loopback means 127.0.0.0/8, ::1 and localhost only', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', '', '::ffff:10.0.0.1'])
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });

  const names = { token: 'TOKEN', allow: 'ALLOW' };
  it('refuses a non-loopback host unless a token is set or the operator insists', () => {
    expect(exposureRefusal({ host: '127.0.0.1', allowUnauthenticated: false }, names)).toBeUndefined();
    expect(
      exposureRefusal({ host: '0.0.0.0', bearerToken: 'x'.repeat(16), allowUnauthenticated: false }, names),
    ).toBeUndefined();
    expect(exposureRefusal({ host: '0.0.0.0', allowUnauthenticated: true }, names)).toBeUndefined();
    expect(exposureRefusal({ host: '0.0.0.0', allowUnauthenticated: false }, names)).toMatch(
      /^refusing to serve HTTP on 0\.0\.0\.0 without a bearer token: .* Set TOKEN \(16\+ characters\), bind --host 127\.0\.0\.1, or pass --allow-unauthenticated \(ALLOW=true\) to insist$/,
    );
  });

  it('readHttpOptions applies it to flags and env alike', () => {
    expect(() => readHttpOptions(['--http', '--host', '0.0.0.0'], {})).toThrow(ConfigError);
    expect(() => readHttpOptions([], { OBMCP_HTTP_PORT: '1', OBMCP_HTTP_HOST: '10.0.0.5' })).toThrow(
      /refusing/,
    );
    expect(readHttpOptions(['--host', '0.0.0.0', '--allow-unauthenticated'], {}).host).toBe('0.0.0.0');
    expect(readHttpOptions(['--host', '0.0.0.0'], { OBMCP_HTTP_ALLOW_UNAUTHENTICATED: '1' }).host).toBe(
      '0.0.0.0',
    );
    expect(
      readHttpOptions(['--host', '0.0.0.0'], { OBMCP_HTTP_BEARER_TOKEN: '0123456789abcdef' }).bearerToken,
    ).toBe('0123456789abcdef');
  });
});

describe('describeEnvironment', () => {
  const pass = (env: Parameters<Parameters<typeof describeEnvironment>[1]>[0]) => {
    const mock = env.text('OBMCP_MOCK') === '1';
    env.int('APP_TIMEOUT_MS', { min: 1, max: 10 }, mock ? 2 : 5);
    readLogLevel(env, ['APP_LOG_LEVEL']);
    readContractSettings(env);
    throw new ConfigError('missing credentials'); // as a real start without credentials ends
  };
  const docs = {
    APP_TIMEOUT_MS: 'timeout',
    OBMCP_LOG_LEVEL: 'log level',
    OBMCP_MOCK: 'mock',
    MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'a',
    MCP_SCHEMA_KEY_NORMALIZATION_META: 'b',
    MCP_STRICT_UNKNOWN_FIELDS: 'c',
  };

  it('takes defaults, mock defaults, accepted values and old names from the reads', () => {
    const rows = describeEnvironment([docs], pass);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(docs));
    expect(rows[0]).toEqual({
      name: 'APP_TIMEOUT_MS',
      meaning: 'timeout',
      default: '5',
      mockDefault: '2',
      accepted: '1-10',
    });
    expect(rows[1]).toEqual({
      name: 'OBMCP_LOG_LEVEL',
      meaning: 'log level',
      default: 'info',
      accepted: 'debug|info|warn|error',
      legacy: ['APP_LOG_LEVEL'],
    });
  });

  it('a variable read but not documented fails (the help cannot miss one)', () => {
    const { APP_TIMEOUT_MS: _, ...missing } = docs;
    expect(() => describeEnvironment([missing], pass)).toThrow(
      'environment variables read but not documented: APP_TIMEOUT_MS',
    );
  });
});

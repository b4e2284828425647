// A server bin's command line in one process: what --help, --version, a bad flag and a start print, and what start gets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CliSpec, runCli } from '../src/cli/run-cli.js';

/** stdout and stderr as the user sees them; process.exit stops the run where a real exit would. */
function terminal() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err.push(String(chunk));
    return true;
  });
  const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
  return { out, err, exit };
}

function spec(start: CliSpec['start'] = async () => undefined): CliSpec & { starts: unknown[] } {
  const starts: unknown[] = [];
  return {
    name: 'demo-mcp',
    packageName: '@obmcp/demo-mcp',
    version: '9.8.7',
    summary: 'A demo server.',
    hostConfigEnv: { DEMO_KEY: '<key>' },
    env: {
      docs: [{ DEMO_KEY: 'the demo credential', DEMO_LIMIT: 'how many demo rows' }],
      read: (reader) => {
        reader.text('DEMO_KEY');
        reader.int('DEMO_LIMIT', { min: 1, max: 50 }, 25);
      },
    },
    starts,
    start: async (context) => {
      starts.push(context.http);
      await start(context);
    },
  };
}

const ARGV = process.argv;
afterEach(() => {
  process.argv = ARGV;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('runCli', () => {
  it('--help prints the usage and every variable with its default, without starting', async () => {
    const { out, err, exit } = terminal();
    const s = spec();
    await runCli(s, ['--help'], {});
    expect(s.starts).toEqual([]);
    expect(exit).not.toHaveBeenCalled();
    expect(err).toEqual([]);
    const text = out.join('');
    expect(text.startsWith('demo-mcp 9.8.7: A demo server.\n')).toBe(true);
    // The app's own reads, then the contract's, the tasks' and HTTP's, each with the default the code applies.
    expect(text).toContain('  DEMO_LIMIT  (default 25; accepts 1-50)\n      how many demo rows');
    expect(text).toContain('  DEMO_KEY\n      the demo credential');
    expect(text).toContain('  MCP_STRICT_UNKNOWN_FIELDS\n      reject unknown top-level fields');
    expect(text).toContain('OBMCP_TASK_TTL_MS  (default 3600000; accepts 1000-86400000)');
    expect(text).toContain('OBMCP_TASK_DRAIN_MS  (default 10000; accepts 0-3600000)');
    expect(text).toContain('OBMCP_TASK_MAX_TTL_MS  (default 86400000; accepts 60000-604800000)');
    expect(text).toContain('OBMCP_TASK_MAX_RESULT_BYTES  (default 8388608; accepts 1024-67108864)');
    expect(text).toContain('OBMCP_TASK_MAX_TASKS  (default 1000; accepts 1-1000000)');
    expect(text).toContain('OBMCP_TASK_POLL_INTERVAL_MS  (default 2000; accepts 100-600000)');
    expect(text).toContain('OBMCP_TASK_LEASE_MS  (default 30000; accepts 1000-600000)');
    expect(text).toContain('OBMCP_HTTP_PORT  (default 3000; accepts 0-65535)');
    expect(text).toContain('OBMCP_HTTP_HOST  (default 127.0.0.1)');
    expect(text).toContain('OBMCP_HTTP_ALLOW_UNAUTHENTICATED  (default false; accepts true|false)');
    expect(text).toContain('"args": [\n');
  });

  it('--version prints the version line alone, without starting', async () => {
    const { out, err, exit } = terminal();
    const s = spec();
    await runCli(s, ['--version'], {});
    expect(out).toEqual(['9.8.7\n']);
    expect(err).toEqual([]);
    expect(exit).not.toHaveBeenCalled();
    expect(s.starts).toEqual([]);
  });

  it('reads the process arguments and environment when given none', async () => {
    const { out } = terminal();
    process.argv = [process.execPath, '/bin/demo-mcp', '--version'];
    await runCli(spec());
    expect(out).toEqual(['9.8.7\n']);
    // The process environment: OBMCP_HTTP_PORT makes --port apply (no usage error) and serves HTTP.
    process.argv = [process.execPath, '/bin/demo-mcp', '--port', '4100'];
    vi.stubEnv('OBMCP_HTTP_PORT', '4000');
    const s = spec();
    await runCli(s);
    expect(s.starts).toEqual([expect.objectContaining({ port: 4100, host: '127.0.0.1' })]);
  });

  it('a bad flag is one stderr line naming the server, and exit 2 before anything starts', async () => {
    const { out, err, exit } = terminal();
    const s = spec();
    await expect(runCli(s, ['--verbose'], {})).rejects.toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^demo-mcp: .*--verbose.*\n$/);
    expect(out).toEqual([]);
    expect(s.starts).toEqual([]);
  });

  it('--port without --http is a usage error unless OBMCP_HTTP_PORT asks for HTTP', async () => {
    const { err, exit } = terminal();
    const s = spec();
    await expect(runCli(s, ['--port', '4100'], {})).rejects.toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(err).toEqual(['demo-mcp: --port applies to HTTP only: add --http (or set OBMCP_HTTP_PORT)\n']);
    expect(s.starts).toEqual([]);
    // A blank OBMCP_HTTP_PORT is unset: still the usage error.
    await expect(runCli(s, ['--port', '4100'], { OBMCP_HTTP_PORT: '  ' })).rejects.toThrow('exit 2');
    expect(s.starts).toEqual([]);
    err.length = 0;
    await runCli(s, ['--port', '4100'], { OBMCP_HTTP_PORT: '4000' });
    expect(err).toEqual([]);
    expect(s.starts).toEqual([expect.objectContaining({ port: 4100 })]);
  });

  it('serves stdio without --http (http null), HTTP with it (the flags over the environment)', async () => {
    terminal();
    const s = spec();
    await runCli(s, [], {});
    await runCli(s, ['--http', '--port', '0'], { OBMCP_HTTP_PORT: '5000', OBMCP_HTTP_HOST: 'localhost' });
    await runCli(s, [], { OBMCP_HTTP_PORT: '5001' });
    expect(s.starts).toEqual([
      null,
      expect.objectContaining({ port: 0, host: 'localhost' }),
      expect.objectContaining({ port: 5001, host: '127.0.0.1' }),
    ]);
  });

  it('a refused HTTP setting stops the start: one line, exit 2, start never called', async () => {
    const { err, exit } = terminal();
    const s = spec();
    await expect(runCli(s, ['--http'], { OBMCP_HTTP_PORT: '70000' })).rejects.toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(s.starts).toEqual([]);
    expect(err).toEqual([
      'demo-mcp: OBMCP_HTTP_PORT must be an integer from 0 to 65535 (got "70000"). See the demo-mcp README (Configuration).\n',
    ]);
  });

  it('a start that throws is one line and exit 2; a start that warns prints its warnings', async () => {
    const { err, exit } = terminal();
    await expect(
      runCli(
        spec(async ({ io }) => {
          io.warn(['OLD_KEY is deprecated']);
          throw new Error('DEMO_KEY is required.');
        }),
        [],
        {},
      ),
    ).rejects.toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(err).toEqual([
      'demo-mcp: warning: OLD_KEY is deprecated\n',
      'demo-mcp: DEMO_KEY is required. See the demo-mcp README (Configuration).\n',
    ]);
  });

  it('an unexpected failure while reading the command line is thrown as is, not called a usage error', async () => {
    const { err, exit } = terminal();
    const broken = new Error('environment unreadable');
    const env = new Proxy(
      {},
      {
        get() {
          throw broken;
        },
      },
    );
    const s = spec();
    await expect(runCli(s, [], env)).rejects.toBe(broken);
    expect(err).toEqual([]);
    expect(exit).not.toHaveBeenCalled();
    expect(s.starts).toEqual([]);
  });
});

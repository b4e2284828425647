// The one command-line parser of every server bin: help, version, or serve (stdio, or HTTP with its flags).

/** What the command line asks for. */
export type CliRequest = { action: 'help' } | { action: 'version' } | { action: 'serve'; flags: HttpFlags };

/** HTTP flags as given (values are checked by readHttpOptions). */
export interface HttpFlags {
  http: boolean;
  /** --hosted: HTTP with MCP authorization (each user logs in; their own upstream credentials). */
  hosted?: boolean;
  port?: string;
  host?: string;
  allowUnauthenticated: boolean;
}

/** A command line the bin cannot run: the message names what is wrong and what is accepted. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

/** Every flag the bins accept, as `--help` lists them and usage errors name them. */
export const CLI_FLAGS = [
  {
    flag: '--http',
    meaning: 'serve MCP over Streamable HTTP at /mcp instead of stdio (also when OBMCP_HTTP_PORT is set)',
  },
  {
    flag: '--hosted',
    meaning:
      'serve HTTP as a hosted connector: users log in through MCP authorization (OAuth) and each call uses that user’s own upstream login (implies --http; see docs/DEPLOYING.md)',
  },
  { flag: '--port N', meaning: 'HTTP port, 0 = any free port (overrides OBMCP_HTTP_PORT; default 3000)' },
  {
    flag: '--host H',
    meaning:
      'HTTP bind address (overrides OBMCP_HTTP_HOST; default 127.0.0.1); a non-loopback address needs OBMCP_HTTP_BEARER_TOKEN or --allow-unauthenticated',
  },
  {
    flag: '--allow-unauthenticated',
    meaning:
      'serve a non-loopback --host without a bearer token (anyone who reaches it can call tools with your credentials)',
  },
  { flag: '-h, --help', meaning: 'print this help and exit' },
  { flag: '-v, --version', meaning: 'print the version and exit' },
] as const;

const ACCEPTED = CLI_FLAGS.map((f) => f.flag).join(', ');
const VALUED = new Set(['--port', '--host']);

/** Parses `argv` (without node and script); throws CliUsageError on anything it does not accept. */
export function parseCliArgs(argv: readonly string[]): CliRequest {
  const flags: HttpFlags = { http: false, allowUnauthenticated: false };
  let action: 'help' | 'version' | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    // `--port=N` names the flag before the '='; a flag given alone takes the next argument as its value.
    const inline = arg.startsWith('--') && arg.includes('=');
    const name = inline ? arg.slice(0, arg.indexOf('=')) : arg;
    if (VALUED.has(name)) {
      const value = inline ? arg.slice(name.length + 1) : argv[++i];
      if (value === undefined || value === '' || (!inline && value.startsWith('-')))
        throw new CliUsageError(`${name} needs a value (${name === '--port' ? '--port N' : '--host H'})`);
      if (name === '--port') flags.port = value;
      else flags.host = value;
    } else if (arg === '--help' || arg === '-h') action ??= 'help';
    else if (arg === '--version' || arg === '-v') action ??= 'version';
    else if (arg === '--http') flags.http = true;
    else if (arg === '--hosted') {
      flags.http = true;
      flags.hosted = true;
    } else if (arg === '--allow-unauthenticated') flags.allowUnauthenticated = true;
    else
      throw new CliUsageError(
        `unknown ${arg.startsWith('-') ? 'option' : 'argument'} ${JSON.stringify(arg.slice(0, 60))}; accepted: ${ACCEPTED}`,
      );
  }
  return action !== undefined ? { action } : { action: 'serve', flags };
}

/** `--port`, `--host` and `--allow-unauthenticated` only mean something over HTTP: without it, say so (not ignore them). */
export function checkHttpFlagsApply(flags: HttpFlags, httpFromEnv: boolean): void {
  if (flags.http || httpFromEnv) return;
  const given = [
    ...(flags.port !== undefined ? ['--port'] : []),
    ...(flags.host !== undefined ? ['--host'] : []),
    ...(flags.allowUnauthenticated ? ['--allow-unauthenticated'] : []),
  ];
  if (given.length > 0)
    throw new CliUsageError(
      `${given.join(', ')} appl${given.length > 1 ? 'y' : 'ies'} to HTTP only: add --http (or set OBMCP_HTTP_PORT)`,
    );
}

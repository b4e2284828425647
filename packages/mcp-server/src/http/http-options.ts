// Reads the transport choice and the Streamable HTTP settings from the command line and env (stdio unless asked).
import { type HttpFlags, parseCliArgs } from '../cli/cli-args.js';
import type { EnvDocs } from '../config/env-docs.js';
import { ConfigError, type Env, type EnvReader, envReaderOf } from '../config/env-reader.js';
import type { SessionChoiceStore } from '../server/session-choices.js';
import type { HostedGate } from './hosted-user.js';
import { exposureRefusal } from './exposure.js';

/** Env names of the HTTP transport (same on every server). */
export const HTTP_ENV = {
  port: 'OBMCP_HTTP_PORT',
  host: 'OBMCP_HTTP_HOST',
  allowedHosts: 'OBMCP_HTTP_ALLOWED_HOSTS',
  allowedOrigins: 'OBMCP_HTTP_ALLOWED_ORIGINS',
  bearerToken: 'OBMCP_HTTP_BEARER_TOKEN',
  maxBodyBytes: 'OBMCP_HTTP_MAX_BODY_BYTES',
  shutdownTimeoutMs: 'OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS',
  allowUnauthenticated: 'OBMCP_HTTP_ALLOW_UNAUTHENTICATED',
} as const;

export interface HttpOptions {
  /** 0 = any free port (the bound port is logged in the `server ready` line). */
  port: number;
  host: string;
  /**
   * Host header values accepted on /mcp: `name:port` entries match exactly, bare names match any
   * port, `*` disables the check. Undefined = localhost, 127.0.0.1 and [::1] on the bound port.
   */
  allowedHosts?: readonly string[];
  /** Origin values accepted (exact); undefined = origins whose host passes the Host check. */
  allowedOrigins?: readonly string[];
  /** When set, /mcp requires `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /** --hosted was asked for: the app attaches its `gate` before the server starts. */
  hostedMode?: boolean;
  /** --hosted: OAuth discovery and /oauth/* answered by the gate, /mcp only for its users, each call as its user. */
  gate?: HostedGate;
  /**
   * Plain HTTP with a shared store (OBMCP_REDIS_URL): the deployment's session choices (region, active
   * identity or profile) under `key`, so a switch made through one replica holds on every replica.
   */
  sessionChoices?: { store: SessionChoiceStore; key: string };
  maxBodyBytes: number;
  /** How long SIGTERM waits for in-flight requests before closing connections. */
  shutdownTimeoutMs: number;
}

export const HTTP_DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  maxBodyBytes: 1024 * 1024,
  shutdownTimeoutMs: 10_000,
};

/** What each HTTP variable means (`--help` prints these with the defaults read below). */
export const HTTP_ENV_DOCS: EnvDocs = {
  [HTTP_ENV.port]: 'serve Streamable HTTP on this port (0 = any free port); unset = stdio unless --http',
  [HTTP_ENV.host]:
    'HTTP bind address; a non-loopback address needs a bearer token or --allow-unauthenticated',
  [HTTP_ENV.bearerToken]: 'require Authorization: Bearer <token> on /mcp (16+ characters)',
  [HTTP_ENV.allowUnauthenticated]:
    'same as --allow-unauthenticated: serve a non-loopback host without a token',
  [HTTP_ENV.allowedHosts]:
    'Host header values accepted on /mcp (comma-separated; name:port or name; * = any); unset = loopback names',
  [HTTP_ENV.allowedOrigins]:
    'Origin values accepted (comma-separated, exact); unset = origins whose host passes the Host check',
  [HTTP_ENV.maxBodyBytes]: 'largest request body accepted (413 above it)',
  [HTTP_ENV.shutdownTimeoutMs]: 'how long SIGTERM waits for in-flight requests before closing connections',
};

function parsePort(raw: string, from: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(port) || port > 65_535) {
    throw new ConfigError(`${from}: "${raw.slice(0, 40)}" is not a TCP port (0-65535)`);
  }
  return port;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
}

const isArgv = (args: readonly string[] | HttpFlags): args is readonly string[] => Array.isArray(args);

/** Flags parsed already (runCli), or raw argv (a server calling `serve` directly) through the same parser. */
function flagsOf(args: readonly string[] | HttpFlags): HttpFlags {
  if (!isArgv(args)) return args;
  const request = parseCliArgs(args);
  return request.action === 'serve' ? request.flags : { http: false, allowUnauthenticated: false };
}

/** True when the flags (or argv) or env ask for the HTTP transport. */
export function wantsHttp(args: readonly string[] | HttpFlags, env: Env | EnvReader): boolean {
  return flagsOf(args).http || envReaderOf(env).text(HTTP_ENV.port) !== undefined;
}

/**
 * HTTP settings: flags (`--port N`, `--host H`, `--allow-unauthenticated`) win over env, env over
 * defaults. Throws a ConfigError on bad values, and on a non-loopback host without a bearer token
 * (unless allowed explicitly).
 */
export function readHttpOptions(args: readonly string[] | HttpFlags, env: Env | EnvReader): HttpOptions {
  const flags = flagsOf(args);
  const read = envReaderOf(env);
  const portEnv = read.int(HTTP_ENV.port, { min: 0, max: 65_535 }, HTTP_DEFAULTS.port);
  const port = flags.port !== undefined ? parsePort(flags.port, '--port') : portEnv;
  const host = flags.host ?? read.textOr(HTTP_ENV.host, HTTP_DEFAULTS.host);
  const options: HttpOptions = {
    port,
    host,
    maxBodyBytes: read.int(HTTP_ENV.maxBodyBytes, { min: 1, max: 2 ** 31 - 1 }, HTTP_DEFAULTS.maxBodyBytes),
    shutdownTimeoutMs: read.int(
      HTTP_ENV.shutdownTimeoutMs,
      { min: 1, max: 600_000 },
      HTTP_DEFAULTS.shutdownTimeoutMs,
    ),
  };
  const allowedHosts = list(read.text(HTTP_ENV.allowedHosts));
  if (allowedHosts) options.allowedHosts = allowedHosts;
  const allowedOrigins = list(read.text(HTTP_ENV.allowedOrigins));
  if (allowedOrigins) options.allowedOrigins = allowedOrigins;
  const token = read.text(HTTP_ENV.bearerToken);
  if (token !== undefined) {
    if (token.length < 16) throw new ConfigError(`${HTTP_ENV.bearerToken} must be at least 16 characters`);
    options.bearerToken = token;
  }
  if (flags.hosted === true) {
    // Every /mcp call carries a user's OAuth token: the shared bearer token has no place, and any bind is guarded.
    if (options.bearerToken !== undefined)
      throw new ConfigError(`--hosted authorizes each user with OAuth: unset ${HTTP_ENV.bearerToken}`);
    options.hostedMode = true;
    return options;
  }
  const allowUnauthenticated = read.bool(HTTP_ENV.allowUnauthenticated, false) || flags.allowUnauthenticated;
  const refusal = exposureRefusal(
    { host, allowUnauthenticated, ...(options.bearerToken ? { bearerToken: options.bearerToken } : {}) },
    { token: HTTP_ENV.bearerToken, allow: HTTP_ENV.allowUnauthenticated },
  );
  if (refusal !== undefined) throw new ConfigError(refusal);
  return options;
}

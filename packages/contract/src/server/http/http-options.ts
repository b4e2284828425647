// Reads the transport choice and the Streamable HTTP settings from argv and env (stdio unless asked).

/** Env names of the HTTP transport (same on every server). */
export const HTTP_ENV = {
  port: 'OBMCP_HTTP_PORT',
  host: 'OBMCP_HTTP_HOST',
  allowedHosts: 'OBMCP_HTTP_ALLOWED_HOSTS',
  allowedOrigins: 'OBMCP_HTTP_ALLOWED_ORIGINS',
  bearerToken: 'OBMCP_HTTP_BEARER_TOKEN',
  maxBodyBytes: 'OBMCP_HTTP_MAX_BODY_BYTES',
  shutdownTimeoutMs: 'OBMCP_HTTP_SHUTDOWN_TIMEOUT_MS',
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

type Env = Record<string, string | undefined>;

function flagValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === name) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
      return next;
    }
    if (arg?.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

function parsePort(raw: string, from: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(port) || port > 65_535) {
    throw new Error(`${from}: "${raw}" is not a TCP port (0-65535)`);
  }
  return port;
}

function positiveInt(raw: string | undefined, from: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${from}: "${raw}" is not a positive integer`);
  return value;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
}

/** True when argv or env asks for the HTTP transport. */
export function wantsHttp(argv: readonly string[], env: Env): boolean {
  return argv.includes('--http') || (env[HTTP_ENV.port] ?? '').trim() !== '';
}

/** HTTP settings: flags (`--port N`, `--host H`) win over env, env over defaults. Throws on bad values. */
export function readHttpOptions(argv: readonly string[], env: Env): HttpOptions {
  const portFlag = flagValue(argv, '--port');
  const portEnv = env[HTTP_ENV.port]?.trim();
  const port =
    portFlag !== undefined
      ? parsePort(portFlag, '--port')
      : portEnv
        ? parsePort(portEnv, HTTP_ENV.port)
        : HTTP_DEFAULTS.port;
  const host = flagValue(argv, '--host') ?? (env[HTTP_ENV.host]?.trim() || HTTP_DEFAULTS.host);
  const options: HttpOptions = {
    port,
    host,
    maxBodyBytes: positiveInt(env[HTTP_ENV.maxBodyBytes], HTTP_ENV.maxBodyBytes, HTTP_DEFAULTS.maxBodyBytes),
    shutdownTimeoutMs: positiveInt(
      env[HTTP_ENV.shutdownTimeoutMs],
      HTTP_ENV.shutdownTimeoutMs,
      HTTP_DEFAULTS.shutdownTimeoutMs,
    ),
  };
  const allowedHosts = list(env[HTTP_ENV.allowedHosts]);
  if (allowedHosts) options.allowedHosts = allowedHosts;
  const allowedOrigins = list(env[HTTP_ENV.allowedOrigins]);
  if (allowedOrigins) options.allowedOrigins = allowedOrigins;
  const token = env[HTTP_ENV.bearerToken];
  if (token !== undefined && token !== '') {
    if (token.length < 16) throw new Error(`${HTTP_ENV.bearerToken} must be at least 16 characters`);
    options.bearerToken = token;
  }
  return options;
}

// Structured JSON logs to stderr only: stdout of a stdio server is the protocol.
import { redactSecrets } from '../envelope/redact.js';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Values under these keys are never written, whatever their content. */
const SECRET_KEY = /(token|secret|authorization|password|api[-_]?key|refresh)/i;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1);
    return out;
  }
  return value;
}

export interface LoggerOptions {
  name: string;
  level?: LogLevel;
  /** Extra strings to redact wherever they appear (configured credentials; six characters or more). */
  secrets?: readonly string[];
  write?: (line: string) => void;
}

export function createLogger(options: LoggerOptions, base: LogFields = {}): Logger {
  const min = ORDER[options.level ?? 'info'];
  const write =
    options.write ??
    ((line: string) => {
      // A closed stderr (client gone) must not turn logging into an error loop.
      if (!process.stderr.destroyed && process.stderr.writable) process.stderr.write(line);
    });
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (ORDER[level] < min) return;
    const line = JSON.stringify({
      ts: new Date().toISOString(),
      level,
      logger: options.name,
      msg,
      ...(scrub({ ...base, ...fields }) as LogFields),
    });
    // The same rule as every envelope: configured secrets, URL userinfo (a proxy's user:password, also
    // base64 as an echoed Basic value), bearer tokens, JWTs, signatures are never written.
    write(`${redactSecrets(line, options.secrets)}\n`);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(options, { ...base, ...fields }),
  };
}

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};

// One strict reader for environment variables: every server's config goes through it (one behaviour per bad value).
import { rememberUrlCredentials } from '@obmcp/contract/internal/envelope/redact.js';
import {
  REDACTED_USERINFO,
  redactUrlCredentials,
} from '@obmcp/contract/internal/envelope/url-credentials.js';
export type Env = Readonly<Record<string, string | undefined>>;

/** A bad or missing setting: the message names the variable and, for a bad value, echoes it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface IntBounds {
  min: number;
  max: number;
}

/** Values are echoed in messages, cut to this many characters (they are never secrets: secrets are text). */
const ECHO_MAX = 40;
const echo = (raw: string): string =>
  JSON.stringify(raw.length > ECHO_MAX ? `${raw.slice(0, ECHO_MAX)}…` : raw);

/** One variable as a reader saw it: what `--help` shows comes from these, so it cannot drift from the code. */
export interface EnvRead {
  name: string;
  /** The value used when unset (as text), when the read has one. */
  fallback?: string;
  /** What is accepted, when the read constrains it (`true|false`, `100-300000`, `na|eu|fe`, `http(s) URL`). */
  accepted?: string;
  /** Older names that still work (with a warning). */
  legacy?: readonly string[];
}

export interface EnvReaderOptions {
  /** Called on every read (the `--help` text is built from these). */
  onRead?: (read: EnvRead) => void;
}

export interface EnvReader {
  /** Trimmed value; unset and blank are both undefined. */
  text(name: string): string | undefined;
  /** Trimmed value, or `fallback` when unset or blank. */
  textOr(name: string, fallback: string): string;
  /** `true | false | 1 | 0` (any case); anything else is a ConfigError. */
  bool(name: string, fallback: boolean): boolean;
  /** A whole number within bounds. */
  int(name: string, bounds: IntBounds, fallback: number): number;
  optionalInt(name: string, bounds: IntBounds): number | undefined;
  /** One of the listed values (case-insensitive); the message lists them. */
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T;
  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | undefined;
  /**
   * An absolute http(s) URL, trailing slashes removed (a base URL to append paths to). It may carry
   * `user:password@` for a proxy: show it only through `redactUrlCredentials`.
   */
  optionalUrl(name: string): string | undefined;
  /** `optionalUrl`, or `fallback` when unset. */
  urlOr(name: string, fallback: string): string;
  /**
   * The variable's name to read: `name`, or the first set legacy name (which adds a deprecation
   * warning). Use it for renamed variables that keep working for one release.
   */
  renamed(name: string, legacy: readonly string[]): string;
  /** Deprecation notes collected so far; the entry point prints them on stderr. */
  readonly warnings: readonly string[];
}

export function createEnvReader(env: Env, options: EnvReaderOptions = {}): EnvReader {
  const warnings: string[] = [];
  const saw = options.onRead ?? (() => undefined);
  const lookup = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const text = (name: string): string | undefined => {
    saw({ name });
    return lookup(name);
  };
  const optionalInt = (name: string, { min, max }: IntBounds, fallback?: number): number | undefined => {
    saw({
      name,
      accepted: max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min}-${max}`,
      ...(fallback !== undefined ? { fallback: String(fallback) } : {}),
    });
    const raw = lookup(name);
    if (raw === undefined) return undefined;
    const n = /^[+-]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got ${echo(raw)})`);
    return n;
  };
  const optionalOneOf = <T extends string>(
    name: string,
    values: readonly T[],
    fallback?: T,
  ): T | undefined => {
    saw({ name, accepted: values.join('|'), ...(fallback !== undefined ? { fallback } : {}) });
    const raw = lookup(name);
    if (raw === undefined) return undefined;
    const match = values.find((v) => v === raw.toLowerCase());
    if (match === undefined)
      throw new ConfigError(`${name} must be one of ${values.join(', ')} (got ${echo(raw)})`);
    return match;
  };
  const optionalUrl = (name: string, fallback?: string): string | undefined => {
    saw({ name, accepted: 'http(s) URL', ...(fallback !== undefined ? { fallback } : {}) });
    const raw = lookup(name);
    if (raw === undefined) return undefined;
    if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
      // A proxy password in the value is never echoed; an unparsable one may hide anywhere before the '@'.
      const shown = redactUrlCredentials(raw);
      const hidden = shown.split(`${REDACTED_USERINFO}@`).join('').includes('@');
      const got = hidden ? "a value with '@', not shown: it may hold a password" : echo(shown);
      throw new ConfigError(`${name} must be an http(s) URL (got ${got})`);
    }
    // Userinfo (`https://user:pass@proxy`) is kept: the fetcher sends it as Basic credentials, never in the URL;
    // from now on every redaction (envelopes, _meta, logs) removes it in each form it can travel.
    const parsed = new URL(raw);
    if (parsed.username !== '' || parsed.password !== '')
      rememberUrlCredentials(parsed.username, parsed.password);
    return raw.replace(/\/+$/, '');
  };
  return {
    text,
    textOr(name, fallback) {
      saw({ name, fallback });
      return lookup(name) ?? fallback;
    },
    bool(name, fallback) {
      saw({ name, fallback: String(fallback), accepted: 'true|false' });
      const raw = lookup(name);
      if (raw === undefined) return fallback;
      const v = raw.toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      throw new ConfigError(`${name} must be true, false, 1 or 0 (got ${echo(raw)})`);
    },
    int: (name, bounds, fallback) => optionalInt(name, bounds, fallback) ?? fallback,
    optionalInt: (name, bounds) => optionalInt(name, bounds),
    oneOf: (name, values, fallback) => optionalOneOf(name, values, fallback) ?? fallback,
    optionalOneOf: (name, values) => optionalOneOf(name, values),
    optionalUrl: (name) => optionalUrl(name),
    urlOr: (name, fallback) => optionalUrl(name, fallback) ?? fallback,
    renamed(name, legacy) {
      if (legacy.length > 0) saw({ name, legacy });
      if (lookup(name) !== undefined) return name;
      const old = legacy.find((l) => lookup(l) !== undefined);
      if (old === undefined) return name;
      warnings.push(`${old} is deprecated, use ${name} (the old name stops working in the next release)`);
      return old;
    },
    warnings,
  };
}

/** A reader over `env`, or `env` itself when it already is one (config loaders accept both). */
export function envReaderOf(env: Env | EnvReader): EnvReader {
  return typeof (env as EnvReader).bool === 'function' ? (env as EnvReader) : createEnvReader(env as Env);
}

// One strict reader for environment variables: every server's config goes through it (one behaviour per bad value).
import { rememberUrlCredentials } from '../envelope/redact.js';
import { REDACTED_USERINFO, redactUrlCredentials } from '../envelope/url-credentials.js';
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

export interface EnvReader {
  /** Trimmed value; unset and blank are both undefined. */
  text(name: string): string | undefined;
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
  /**
   * The variable's name to read: `name`, or the first set legacy name (which adds a deprecation
   * warning). Use it for renamed variables that keep working for one release.
   */
  renamed(name: string, legacy: readonly string[]): string;
  /** Deprecation notes collected so far; the entry point prints them on stderr. */
  readonly warnings: readonly string[];
}

export function createEnvReader(env: Env): EnvReader {
  const warnings: string[] = [];
  const text = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const optionalInt = (name: string, { min, max }: IntBounds): number | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const n = /^[+-]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got ${echo(raw)})`);
    return n;
  };
  const optionalOneOf = <T extends string>(name: string, values: readonly T[]): T | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const match = values.find((v) => v === raw.toLowerCase());
    if (match === undefined)
      throw new ConfigError(`${name} must be one of ${values.join(', ')} (got ${echo(raw)})`);
    return match;
  };
  const optionalUrl = (name: string): string | undefined => {
    const raw = text(name);
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
    bool(name, fallback) {
      const raw = text(name);
      if (raw === undefined) return fallback;
      const v = raw.toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      throw new ConfigError(`${name} must be true, false, 1 or 0 (got ${echo(raw)})`);
    },
    int: (name, bounds, fallback) => optionalInt(name, bounds) ?? fallback,
    optionalInt,
    oneOf: (name, values, fallback) => optionalOneOf(name, values) ?? fallback,
    optionalOneOf,
    optionalUrl,
    renamed(name, legacy) {
      if (text(name) !== undefined) return name;
      const old = legacy.find((l) => text(l) !== undefined);
      if (old === undefined) return name;
      warnings.push(`${old} is deprecated, use ${name} (the old name stops working in the next release)`);
      return old;
    },
    warnings,
  };
}

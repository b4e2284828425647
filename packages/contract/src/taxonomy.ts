// The closed v1 vocabulary: error kinds, canonical codes, SCHEMA_* codes, per-server HTTP codes.
import { ENVELOPE_SCHEMA } from './envelope/schema.js';

/** The closed error_kind enum, read from the schema constant (one source). */
export const ERROR_KINDS = ENVELOPE_SCHEMA.properties.error_kind.enum;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** `_meta.normalized[].kind` values, from the same schema. */
export const NORMALIZATION_KINDS =
  ENVELOPE_SCHEMA.properties._meta.properties.normalized.items.properties.kind.enum;
export type NormalizationKind = (typeof NORMALIZATION_KINDS)[number];

/** Cross-server canonical codes (contract: "Standardized error_code vocabulary"). */
export const CANONICAL_CODES = {
  INPUT_VALIDATION_FAILED: 'INPUT_VALIDATION_FAILED',
  TOOL_NOT_FOUND: 'TOOL_NOT_FOUND',
  AUTHENTICATION_ERROR: 'AUTHENTICATION_ERROR',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  TOOL_EXECUTION_FAILED: 'TOOL_EXECUTION_FAILED',
  BODY_COERCION_INVALID_JSON: 'BODY_COERCION_INVALID_JSON',
  RATE_LIMITED: 'RATE_LIMITED',
  CODE_MODE_SANDBOX_LIMITATION: 'CODE_MODE_SANDBOX_LIMITATION',
  /** An MCP task whose replica stopped renewing its lease (died mid-task): ended failed, retryable. */
  TASK_OWNER_LOST: 'TASK_OWNER_LOST',
  /** An MCP task its server ended unfinished on shutdown (SIGTERM) after the drain bound: failed, retryable. */
  TASK_INTERRUPTED: 'TASK_INTERRUPTED',
} as const;

/** Upstream transport failures: the server's client kind, always retryable. */
export const UPSTREAM_CODES = {
  UPSTREAM_INVALID_RESPONSE: 'UPSTREAM_INVALID_RESPONSE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  UPSTREAM_UNREACHABLE: 'UPSTREAM_UNREACHABLE',
} as const;
export type UpstreamCode = keyof typeof UPSTREAM_CODES;

export const SCHEMA_CODES = [
  'SCHEMA_TYPE_MISMATCH',
  'SCHEMA_REQUIRED',
  'SCHEMA_MAX_ITEMS',
  'SCHEMA_MIN_ITEMS',
  'SCHEMA_MAX_LENGTH',
  'SCHEMA_MIN_LENGTH',
  'SCHEMA_MAXIMUM',
  'SCHEMA_MINIMUM',
  'SCHEMA_ENUM_MISMATCH',
  'SCHEMA_PATTERN_MISMATCH',
  'SCHEMA_FORMAT_INVALID',
  'SCHEMA_ADDITIONAL_PROPERTIES',
  'SCHEMA_ONE_OF_FAILED',
  'SCHEMA_ANY_OF_FAILED',
  'SCHEMA_ALL_OF_FAILED',
  'SCHEMA_UNIQUE_ITEMS',
  'SCHEMA_CONST_MISMATCH',
  'SCHEMA_MULTIPLE_OF',
  'SCHEMA_VALIDATION_FAILED',
  'SCHEMA_IDENTITY_NOT_FOUND',
] as const;
export type SchemaCode = (typeof SCHEMA_CODES)[number];

/** Reserved: never emitted in v1, listed so no server reuses them for something else. */
export const RESERVED_CODES = ['OAUTH_ERROR', 'TOKEN_ERROR', 'PERMISSION_DENIED'] as const;

export type HttpCodePrefix = 'SP_API' | 'ADS_API' | 'OPENBRIDGE';

/** `<PREFIX>_HTTP_<NNN>`, e.g. httpCode('SP_API', 404) → 'SP_API_HTTP_404'. */
export function httpCode(prefix: HttpCodePrefix, status: number): string {
  const nnn = Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'UNKNOWN';
  return `${prefix}_HTTP_${nnn}`;
}

export function isErrorKind(value: unknown): value is ErrorKind {
  return (ERROR_KINDS as readonly unknown[]).includes(value);
}

// The contract's env switches, read once per server (same names and semantics on every server).
import { type Env, type EnvReader, envReaderOf } from './env-reader.js';

export interface ContractSettings {
  /** MCP_SCHEMA_KEY_NORMALIZATION_ENABLED (default true): master switch for pre-flight normalization. */
  normalizationEnabled: boolean;
  /** MCP_SCHEMA_KEY_NORMALIZATION_META (default false): emit `_meta.normalized` events. */
  normalizationMeta: boolean;
  /**
   * MCP_STRICT_UNKNOWN_FIELDS (default true): inject additionalProperties:false where silent. When
   * false, unknown top-level fields of a tool that declares `passthrough` reach its upstream request.
   */
  strictUnknown: boolean;
}

export const CONTRACT_ENV = {
  normalizationEnabled: 'MCP_SCHEMA_KEY_NORMALIZATION_ENABLED',
  normalizationMeta: 'MCP_SCHEMA_KEY_NORMALIZATION_META',
  strictUnknown: 'MCP_STRICT_UNKNOWN_FIELDS',
} as const;

/** Strict: a value other than true/false/1/0 is a ConfigError naming the variable. */
export function readContractSettings(env: Env | EnvReader = process.env): ContractSettings {
  const read = envReaderOf(env);
  return {
    normalizationEnabled: read.bool(CONTRACT_ENV.normalizationEnabled, true),
    normalizationMeta: read.bool(CONTRACT_ENV.normalizationMeta, false),
    strictUnknown: read.bool(CONTRACT_ENV.strictUnknown, true),
  };
}

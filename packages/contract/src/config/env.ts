// The contract's env switches, read once per server (same names and semantics on every server).
export interface ContractSettings {
  /** MCP_SCHEMA_KEY_NORMALIZATION_ENABLED (default true): master switch for pre-flight normalization. */
  normalizationEnabled: boolean;
  /** MCP_SCHEMA_KEY_NORMALIZATION_META (default false): emit `_meta.normalized` events. */
  normalizationMeta: boolean;
  /** MCP_STRICT_UNKNOWN_FIELDS (default true): inject additionalProperties:false where silent. */
  strictUnknown: boolean;
}

export const CONTRACT_ENV = {
  normalizationEnabled: 'MCP_SCHEMA_KEY_NORMALIZATION_ENABLED',
  normalizationMeta: 'MCP_SCHEMA_KEY_NORMALIZATION_META',
  strictUnknown: 'MCP_STRICT_UNKNOWN_FIELDS',
} as const;

export function parseBool(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return fallback;
}

export function readContractSettings(
  env: Record<string, string | undefined> = process.env,
): ContractSettings {
  return {
    normalizationEnabled: parseBool(env[CONTRACT_ENV.normalizationEnabled], true),
    normalizationMeta: parseBool(env[CONTRACT_ENV.normalizationMeta], false),
    strictUnknown: parseBool(env[CONTRACT_ENV.strictUnknown], true),
  };
}

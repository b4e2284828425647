// What each environment variable means, and the table `--help` prints: names, defaults and accepted values come from the reads themselves.
import { ConfigError, createEnvReader, type EnvRead, type EnvReader } from './env-reader.js';

/** Variable name → one-line meaning. A package documents the variables its own code reads. */
export type EnvDocs = Readonly<Record<string, string>>;

/** Reads every variable a server reads at start (its config loader plus shared readers). */
export type EnvReadPass = (env: EnvReader) => void;

export interface EnvRow {
  name: string;
  meaning: string;
  /** Default as the code applies it; `mockDefault` when OBMCP_MOCK=1 changes it. */
  default?: string;
  mockDefault?: string;
  accepted?: string;
  legacy?: readonly string[];
}

/** The variables every contract server reads (contract settings, log level, mock mode). */
export const CONTRACT_ENV_DOCS: EnvDocs = {
  OBMCP_LOG_LEVEL: 'stderr log level; logs are JSON lines, secrets redacted',
  MCP_SCHEMA_KEY_NORMALIZATION_ENABLED:
    'pre-flight key normalization (MarketplaceIds → marketplaceIds, scalar → array)',
  MCP_SCHEMA_KEY_NORMALIZATION_META: 'report each normalization in _meta.normalized',
  MCP_STRICT_UNKNOWN_FIELDS:
    'reject unknown top-level fields (SCHEMA_ADDITIONAL_PROPERTIES); false forwards them upstream where a tool allows it',
  OBMCP_MOCK: '1 = mock mode, set by the mocks preload (credentials optional, short timeouts)',
  OBMCP_MOCK_RATE_SCALE:
    'tests only, honoured with OBMCP_MOCK=1: every documented rate × factor and job poll cadences ÷ factor (the mocks read it too)',
};

function readsOf(pass: EnvReadPass, env: Record<string, string>): Map<string, EnvRead> {
  const reads = new Map<string, EnvRead>();
  const reader = createEnvReader(env, {
    onRead: (read) => reads.set(read.name, { ...reads.get(read.name), ...read }),
  });
  try {
    pass(reader);
  } catch (error) {
    // Missing credentials end a real start; every variable was read by then (loaders read before they judge).
    if (!(error instanceof ConfigError)) throw error;
  }
  return reads;
}

/**
 * Rows for `--help`, in `docs` order: meanings from the docs, defaults and accepted values from the
 * reads. A read of a variable no docs describe throws: the help can never miss a variable.
 */
export function describeEnvironment(docs: readonly EnvDocs[], pass: EnvReadPass): EnvRow[] {
  const meanings: Record<string, string> = Object.assign({}, ...docs);
  const real = readsOf(pass, {});
  const mock = readsOf(pass, { OBMCP_MOCK: '1' });
  const undocumented = [...real.keys(), ...mock.keys()].filter((name) => !(name in meanings));
  if (undocumented.length > 0)
    throw new Error(
      `environment variables read but not documented: ${[...new Set(undocumented)].join(', ')}`,
    );
  return Object.entries(meanings).map(([name, meaning]) => {
    const read = real.get(name) ?? mock.get(name);
    const mockDefault = mock.get(name)?.fallback;
    return {
      name,
      meaning,
      ...(read?.fallback !== undefined ? { default: read.fallback } : {}),
      ...(mockDefault !== undefined && mockDefault !== read?.fallback ? { mockDefault } : {}),
      ...(read?.accepted !== undefined ? { accepted: read.accepted } : {}),
      ...(read?.legacy !== undefined ? { legacy: read.legacy } : {}),
    };
  });
}

// Environment → typed config, through the contract's strict env reader. Credentials are required unless OBMCP_MOCK=1.
import {
  ConfigError,
  type ContractSettings,
  type Env,
  type EnvReader,
  envReaderOf,
  readContractSettings,
  readLogLevel,
} from '@obmcp/mcp-server/config';
import type { LogLevel } from '@obmcp/contract';
import { mockTimeScale } from '@obmcp/mcp-server/tasks';
import { type CodeMode, readCodeMode } from '@obmcp/code-mode';
import { REGIONS, resolveRegion } from './hints/region-aliases.js';

export type Region = 'na' | 'eu' | 'fe';

/** Retry delays of one kind of exchange (decided here, short in mock mode: no client asks `config.mock`). */
export interface RetryDelays {
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface Config {
  mock: boolean;
  clientId: string;
  clientSecret: string;
  /** The default identity's refresh token (may be empty when an identities file provides them). */
  refreshToken: string;
  region: Region;
  sandbox: boolean;
  identitiesFile: string | undefined;
  activeIdentity: string | undefined;
  sellerId: string | undefined;
  enableWrites: boolean;
  timeoutMs: number;
  /** Timeout for presigned report/feed document downloads (at least timeoutMs). */
  documentTimeoutMs: number;
  maxAttempts: number;
  retryMaxTotalMs: number;
  /** SP-API calls: backoff between attempts. */
  retryDelays: RetryDelays;
  /** LWA token exchange: two attempts within maxTotalMs. */
  tokenRetry: RetryDelays & { maxTotalMs: number };
  limiterMaxWaitMs: number;
  /** How much faster jobs run than upstream's (1; in mock mode the mocks' factor): poll cadences divide by it. */
  pollTimeScale: number;
  maxDocumentBytes: number;
  /** SP_API_LWA_ENDPOINT: the LWA token URL (default https://api.amazon.com/auth/o2/token). */
  lwaEndpoint: string;
  /** SP_API_ENDPOINT: a base URL that replaces the regional SP-API host (proxies, test doubles). */
  endpoint: string | undefined;
  codeMode: CodeMode;
  logLevel: LogLevel;
  /** MCP_* switches of the contract. */
  contract: ContractSettings;
  /** Deprecation notes for stderr (old variable names). */
  warnings: readonly string[];
  /** SP_API_TOOLSETS as given (validated against the catalog at server creation). */
  toolsets: string | undefined;
  /** SP_API_RESTRICTED_DATA_TOKENS: request RDTs for operations that return personal data (default true). */
  restrictedDataTokens: boolean;
}

/** Missing credentials: `missing` lists the variables to set. */
export class MissingCredentialsError extends ConfigError {
  constructor(readonly missing: string[]) {
    super(`missing required environment variables: ${missing.join(', ')}`);
  }
}

export function loadConfig(raw: Env | EnvReader): Config {
  const env = envReaderOf(raw);
  const mock = env.text('OBMCP_MOCK') === '1';
  const clientId = env.text('SP_API_CLIENT_ID');
  const clientSecret = env.text('SP_API_CLIENT_SECRET');
  const refreshToken = env.text('SP_API_REFRESH_TOKEN');
  const identitiesFile = env.text('SP_API_IDENTITIES_FILE');
  const regionText = env.textOr('SP_API_REGION', 'na');
  const region = resolveRegion(regionText);
  if (region === undefined)
    throw new ConfigError(
      `SP_API_REGION must be one of ${REGIONS.join(', ')} or an alias such as europe or japan (got ${JSON.stringify(regionText.slice(0, 40))})`,
    );
  const timeoutMs = env.int('SP_API_TIMEOUT_MS', { min: 100, max: 300_000 }, mock ? 15_000 : 20_000);
  const config: Config = {
    mock,
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    refreshToken: refreshToken ?? '',
    region,
    sandbox: env.bool('SP_API_SANDBOX', false),
    identitiesFile,
    activeIdentity: env.text('SP_API_ACTIVE_IDENTITY'),
    sellerId: env.text('SP_API_SELLER_ID'),
    enableWrites: env.bool('SP_API_ENABLE_WRITES', false),
    timeoutMs,
    documentTimeoutMs: Math.max(timeoutMs, mock ? 15_000 : 60_000),
    maxAttempts: env.int('SP_API_MAX_ATTEMPTS', { min: 1, max: 10 }, 3),
    retryMaxTotalMs: env.int('SP_API_RETRY_MAX_TOTAL_MS', { min: 0, max: 600_000 }, mock ? 1_500 : 30_000),
    retryDelays: mock ? { baseDelayMs: 20, maxDelayMs: 200 } : { baseDelayMs: 500, maxDelayMs: 8_000 },
    tokenRetry: mock
      ? { baseDelayMs: 20, maxDelayMs: 100, maxTotalMs: 500 }
      : { baseDelayMs: 500, maxDelayMs: 2_000, maxTotalMs: 5_000 },
    limiterMaxWaitMs: env.int('SP_API_LIMITER_MAX_WAIT_MS', { min: 0, max: 120_000 }, mock ? 500 : 2_000),
    pollTimeScale: mockTimeScale(env),
    maxDocumentBytes: env.int(
      'SP_API_MAX_DOCUMENT_BYTES',
      { min: 1024, max: 1024 * 1024 * 1024 },
      50 * 1024 * 1024,
    ),
    lwaEndpoint: env.urlOr('SP_API_LWA_ENDPOINT', 'https://api.amazon.com/auth/o2/token'),
    endpoint: env.optionalUrl('SP_API_ENDPOINT'),
    codeMode: readCodeMode(env),
    toolsets: env.text('SP_API_TOOLSETS'),
    restrictedDataTokens: env.bool('SP_API_RESTRICTED_DATA_TOKENS', true),
    logLevel: readLogLevel(env, ['SP_API_LOG_LEVEL']),
    contract: readContractSettings(env),
    warnings: env.warnings,
  };
  const missing: string[] = [];
  if (!mock) {
    if (!clientId) missing.push('SP_API_CLIENT_ID');
    if (!clientSecret) missing.push('SP_API_CLIENT_SECRET');
    // --hosted: each user's refresh token comes from their login; the app needs only its own LWA client.
    const hosted = env.text('OBMCP_HOSTED') === '1';
    if (!refreshToken && !identitiesFile && !hosted)
      missing.push('SP_API_REFRESH_TOKEN (or SP_API_IDENTITIES_FILE)');
  }
  if (missing.length > 0) throw new MissingCredentialsError(missing);
  return config;
}

/** Values the logger must redact wherever they appear. */
export function configSecrets(config: Config): string[] {
  return [config.clientSecret, config.refreshToken, config.clientId].filter((s) => s.length > 0);
}

// Env → Config through the contract's strict env reader. Credentials: direct LWA or Openbridge-brokered.
import { type CodeMode, readCodeMode } from '@obmcp/code-mode';
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
import type { RetrySettings } from '@obmcp/http-kit';
import { REGIONS, type Region } from './regions.js';

export type AuthMode = 'direct' | 'openbridge';

export interface Config {
  mock: boolean;
  authMode: AuthMode;
  /** Direct LWA credentials (authMode 'direct'). */
  lwa?: { clientId: string; clientSecret: string; refreshToken: string };
  /** Openbridge refresh token (authMode 'openbridge'), plus an optional initial identity. */
  openbridge?: { refreshToken: string; identityId?: number; clientIdFallback?: string };
  region: Region;
  /** ADS_API_ENDPOINT: a base URL that replaces the regional Ads API host (proxies, test doubles). */
  endpoint?: string;
  /** ADS_API_LWA_ENDPOINT: a token URL that replaces the regional Login with Amazon host. */
  lwaEndpoint?: string;
  profileId?: number;
  enableWrites: boolean;
  timeoutMs: number;
  maxAttempts: number;
  retryBudgetMs: number;
  /** Backoff between attempts (decided here, short in mock mode: no client asks `config.mock`). */
  retryDelays: { baseDelayMs: number; maxDelayMs: number };
  /** Longest pre-flight limiter wait before `rate_limited` (500 ms in mock mode, else 2 s). */
  limiterMaxWaitMs: number;
  /** How much faster jobs run than upstream's (1; in mock mode the mocks' factor): poll cadences divide by it. */
  pollTimeScale: number;
  reportMaxBytes: number;
  reportMaxRows: number;
  /** ADS_API_UPLOAD_DIR: the one directory a file argument's `path` may be read from (unset: base64 only). */
  uploadDir?: string;
  /** ADS_API_TOOLSETS as given (comma-separated toolsets, `curated`, or `all`; blank = curated). */
  toolsets: string | undefined;
  /** CODE_MODE: on (default) | only | off. */
  codeMode: CodeMode;
  logLevel: LogLevel;
  /** MCP_* switches of the contract. */
  contract: ContractSettings;
  /** Deprecation notes for stderr (old variable names). */
  warnings: readonly string[];
}

/** The bounded retry of every Ads-side exchange (API calls, credential exchanges, Openbridge identities). */
export function adsRetry(config: Config): RetrySettings {
  return { maxAttempts: config.maxAttempts, ...config.retryDelays, maxTotalMs: config.retryBudgetMs };
}

export function loadConfig(raw: Env | EnvReader = process.env): Config {
  const env = envReaderOf(raw);
  const id = { min: 1, max: Number.MAX_SAFE_INTEGER };
  const mock = env.text('OBMCP_MOCK') === '1';
  const clientId = env.text('ADS_API_CLIENT_ID');
  const clientSecret = env.text('ADS_API_CLIENT_SECRET');
  const refreshToken = env.text('ADS_API_REFRESH_TOKEN');
  const obRefreshToken = env.text('OPENBRIDGE_REFRESH_TOKEN');
  // --hosted: each user's refresh token comes from their Login with Amazon; the app needs only its security profile.
  const hosted = env.text('OBMCP_HOSTED') === '1';
  const hasDirect = Boolean(clientId && clientSecret && (refreshToken || hosted));
  const authMode: AuthMode =
    env.optionalOneOf('ADS_AUTH_MODE', ['direct', 'openbridge'] as const) ??
    (hasDirect || !obRefreshToken ? 'direct' : 'openbridge');
  const profileId = env.optionalInt('ADS_API_PROFILE_ID', id);
  const uploadDir = env.text('ADS_API_UPLOAD_DIR');
  const identityId = env.optionalInt('OPENBRIDGE_IDENTITY_ID', id);
  const endpoint = env.optionalUrl('ADS_API_ENDPOINT');
  const lwaEndpoint = env.optionalUrl('ADS_API_LWA_ENDPOINT');
  const config: Config = {
    mock,
    authMode,
    region: env.oneOf('ADS_API_REGION', REGIONS, 'na'),
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(lwaEndpoint !== undefined ? { lwaEndpoint } : {}),
    ...(profileId !== undefined ? { profileId } : {}),
    enableWrites: env.bool('ADS_API_ENABLE_WRITES', false),
    timeoutMs: env.int('ADS_API_TIMEOUT_MS', { min: 100, max: 600_000 }, mock ? 15_000 : 30_000),
    maxAttempts: env.int('ADS_API_MAX_ATTEMPTS', { min: 1, max: 10 }, 3),
    retryBudgetMs: env.int('ADS_API_RETRY_BUDGET_MS', { min: 0, max: 600_000 }, mock ? 1_000 : 20_000),
    retryDelays: { baseDelayMs: mock ? 50 : 1_000, maxDelayMs: 8_000 },
    limiterMaxWaitMs: mock ? 500 : 2_000,
    pollTimeScale: mockTimeScale(env),
    reportMaxBytes: env.int('ADS_REPORT_MAX_BYTES', { min: 1024, max: 1024 * 1024 * 1024 }, 50 * 1024 * 1024),
    reportMaxRows: env.int('ADS_REPORT_MAX_ROWS', { min: 1, max: 100_000 }, 1_000),
    ...(uploadDir !== undefined ? { uploadDir } : {}),
    toolsets: env.text('ADS_API_TOOLSETS'),
    codeMode: readCodeMode(env),
    logLevel: readLogLevel(env, ['MCP_LOG_LEVEL']),
    contract: readContractSettings(env),
    warnings: env.warnings,
  };
  if (authMode === 'direct') {
    if (!hasDirect) {
      throw new ConfigError(
        'missing credentials: set ADS_API_CLIENT_ID, ADS_API_CLIENT_SECRET and ADS_API_REFRESH_TOKEN (direct LWA), ' +
          'or OPENBRIDGE_REFRESH_TOKEN (Openbridge-brokered)',
      );
    }
    config.lwa = { clientId: clientId!, clientSecret: clientSecret!, refreshToken: refreshToken ?? '' };
  } else {
    if (!obRefreshToken) {
      throw new ConfigError('missing credentials: ADS_AUTH_MODE=openbridge needs OPENBRIDGE_REFRESH_TOKEN');
    }
    config.openbridge = {
      refreshToken: obRefreshToken,
      ...(identityId !== undefined ? { identityId } : {}),
      ...(clientId !== undefined ? { clientIdFallback: clientId } : {}),
    };
  }
  return config;
}

/** Values the logger must redact wherever they appear (and upstream error texts before an agent sees them). */
export function configSecrets(config: Config): string[] {
  return [config.lwa?.clientSecret, config.lwa?.refreshToken, config.openbridge?.refreshToken].filter(
    (s): s is string => s !== undefined && s.length > 0,
  );
}

// Env-only configuration through the contract's strict env reader; secrets stay in this object and never reach a log line.
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

export interface Config {
  mock: boolean;
  refreshToken: string;
  privilegedTools: boolean;
  /** execute_query is listed only when OPENBRIDGE_ENABLE_QUERY_EXECUTION=true (the reference's gate). */
  queryExecution: boolean;
  timeoutMs: number;
  maxRetries: number;
  /** Longest pre-flight limiter wait before `rate_limited` (500 ms in mock mode, else 2 s). */
  limiterMaxWaitMs: number;
  urls: { auth: string; subscriptions: string; remoteIdentity: string; service: string };
  logLevel: LogLevel;
  codeMode: CodeMode;
  /** MCP_* switches of the contract. */
  contract: ContractSettings;
  /** Deprecation notes for stderr (old variable names). */
  warnings: readonly string[];
}

/** Refresh tokens are `key:secret` (Openbridge Account → API Management). */
const REFRESH_TOKEN_FORMAT = /^[^\s:]+:[^\s:]+$/;

/** Every variable is read before the credential is judged (so `--help` sees them all). */
export function loadConfig(raw: Env | EnvReader = process.env): Config {
  const env = envReaderOf(raw);
  const mock = env.text('OBMCP_MOCK') === '1';
  const refreshToken = env.text('OPENBRIDGE_REFRESH_TOKEN') ?? '';
  const config: Config = {
    mock,
    refreshToken,
    privilegedTools: env.bool('OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS', false),
    queryExecution: env.bool('OPENBRIDGE_ENABLE_QUERY_EXECUTION', false),
    timeoutMs: env.int('OPENBRIDGE_TIMEOUT_MS', { min: 100, max: 300_000 }, mock ? 15_000 : 20_000),
    maxRetries: env.int('OPENBRIDGE_MAX_RETRIES', { min: 0, max: 5 }, 2),
    limiterMaxWaitMs: mock ? 500 : 2_000,
    urls: {
      auth: env.urlOr('OPENBRIDGE_AUTH_BASE_URL', 'https://authentication.api.openbridge.io'),
      subscriptions: env.urlOr(
        'OPENBRIDGE_SUBSCRIPTIONS_BASE_URL',
        'https://subscriptions.api.openbridge.io',
      ),
      remoteIdentity: env.urlOr(
        'OPENBRIDGE_REMOTE_IDENTITY_BASE_URL',
        'https://remote-identity.api.openbridge.io',
      ),
      service: env.urlOr('OPENBRIDGE_SERVICE_BASE_URL', 'https://service.api.openbridge.io'),
    },
    logLevel: readLogLevel(env, ['OPENBRIDGE_LOG_LEVEL']),
    codeMode: readCodeMode(env),
    contract: readContractSettings(env),
    warnings: env.warnings,
  };
  // --hosted: each user enters their own key at login; the server needs none of its own.
  if (!mock && refreshToken === '' && env.text('OBMCP_HOSTED') !== '1')
    throw new ConfigError(
      'OPENBRIDGE_REFRESH_TOKEN is required (create one in Openbridge → Account → API Management; format key:secret)',
    );
  // The value is a secret: the message never echoes it.
  if (refreshToken !== '' && !REFRESH_TOKEN_FORMAT.test(refreshToken))
    throw new ConfigError('OPENBRIDGE_REFRESH_TOKEN must have the form key:secret (the value is not shown)');
  return config;
}

/** Values the logger must redact wherever they appear. */
export function configSecrets(config: Config): string[] {
  return [config.refreshToken].filter((s) => s.length > 0);
}

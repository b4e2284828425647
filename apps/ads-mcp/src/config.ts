// Env → validated AdsConfig (zod). Credentials: direct LWA or Openbridge-brokered.
import { type CodeMode, parseCodeMode } from '@obmcp/code-mode';
import { z } from 'zod';
import type { Region } from './regions.js';

export type AuthMode = 'direct' | 'openbridge';

export interface AdsConfig {
  mock: boolean;
  authMode: AuthMode;
  /** Direct LWA credentials (authMode 'direct'). */
  lwa?: { clientId: string; clientSecret: string; refreshToken: string };
  /** Openbridge refresh token (authMode 'openbridge'), plus an optional initial identity. */
  openbridge?: { refreshToken: string; identityId?: number; clientIdFallback?: string };
  region: Region;
  profileId?: number;
  enableWrites: boolean;
  timeoutMs: number;
  maxAttempts: number;
  retryBudgetMs: number;
  reportMaxBytes: number;
  reportMaxRows: number;
  /** ADS_API_TOOLSETS as given (comma-separated toolsets, `curated`, or `all`; blank = curated). */
  toolsets: string | undefined;
  /** CODE_MODE: on (default) | only | off. */
  codeMode: CodeMode;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Every configured secret, for the logger's redaction list. */
  secrets: string[];
}

export class ConfigError extends Error {}

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']))
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const nonEmpty = z.string().trim().min(1);

const EnvSchema = z.object({
  ADS_AUTH_MODE: z.enum(['direct', 'openbridge']).optional(),
  ADS_API_CLIENT_ID: nonEmpty.optional(),
  ADS_API_CLIENT_SECRET: nonEmpty.optional(),
  ADS_API_REFRESH_TOKEN: nonEmpty.optional(),
  OPENBRIDGE_REFRESH_TOKEN: nonEmpty.optional(),
  OPENBRIDGE_IDENTITY_ID: int(1, Number.MAX_SAFE_INTEGER).optional(),
  ADS_API_REGION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['na', 'eu', 'fe']))
    .optional(),
  ADS_API_PROFILE_ID: int(1, Number.MAX_SAFE_INTEGER).optional(),
  ADS_API_ENABLE_WRITES: bool.optional(),
  ADS_API_TIMEOUT_MS: int(100, 600_000).optional(),
  ADS_API_MAX_ATTEMPTS: int(1, 10).optional(),
  ADS_API_RETRY_BUDGET_MS: int(0, 600_000).optional(),
  ADS_REPORT_MAX_BYTES: int(1024, 1024 * 1024 * 1024).optional(),
  ADS_REPORT_MAX_ROWS: int(1, 100_000).optional(),
  ADS_API_TOOLSETS: z.string().optional(),
  CODE_MODE: z.string().optional(),
  MCP_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).optional(),
  OBMCP_MOCK: z.string().optional(),
});

function blankToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const v = env[key];
    out[key] = v === undefined || v.trim() === '' ? undefined : v;
  }
  return out;
}

function codeModeOf(raw: string | undefined): CodeMode {
  try {
    return parseCodeMode(raw);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : 'invalid CODE_MODE');
  }
}

export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): AdsConfig {
  const parsed = EnvSchema.safeParse(blankToUndefined(rawEnv));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(
      `invalid environment: ${String(first?.path[0] ?? '?')}: ${first?.message ?? 'invalid'}`,
    );
  }
  const env = parsed.data;
  const mock = env.OBMCP_MOCK === '1';
  const hasDirect = Boolean(env.ADS_API_CLIENT_ID && env.ADS_API_CLIENT_SECRET && env.ADS_API_REFRESH_TOKEN);
  const authMode: AuthMode =
    env.ADS_AUTH_MODE ?? (hasDirect || !env.OPENBRIDGE_REFRESH_TOKEN ? 'direct' : 'openbridge');
  const config: AdsConfig = {
    mock,
    authMode,
    region: env.ADS_API_REGION ?? 'na',
    profileId: env.ADS_API_PROFILE_ID,
    enableWrites: env.ADS_API_ENABLE_WRITES ?? false,
    timeoutMs: env.ADS_API_TIMEOUT_MS ?? (mock ? 2_000 : 30_000),
    maxAttempts: env.ADS_API_MAX_ATTEMPTS ?? 3,
    retryBudgetMs: env.ADS_API_RETRY_BUDGET_MS ?? (mock ? 1_000 : 20_000),
    reportMaxBytes: env.ADS_REPORT_MAX_BYTES ?? 50 * 1024 * 1024,
    reportMaxRows: env.ADS_REPORT_MAX_ROWS ?? 1_000,
    toolsets: env.ADS_API_TOOLSETS,
    codeMode: codeModeOf(env.CODE_MODE),
    logLevel: env.MCP_LOG_LEVEL ?? 'info',
    secrets: [],
  };
  if (authMode === 'direct') {
    if (!hasDirect) {
      throw new ConfigError(
        'missing credentials: set ADS_API_CLIENT_ID, ADS_API_CLIENT_SECRET and ADS_API_REFRESH_TOKEN (direct LWA), ' +
          'or OPENBRIDGE_REFRESH_TOKEN (Openbridge-brokered)',
      );
    }
    config.lwa = {
      clientId: env.ADS_API_CLIENT_ID!,
      clientSecret: env.ADS_API_CLIENT_SECRET!,
      refreshToken: env.ADS_API_REFRESH_TOKEN!,
    };
    config.secrets.push(config.lwa.clientSecret, config.lwa.refreshToken);
  } else {
    if (!env.OPENBRIDGE_REFRESH_TOKEN) {
      throw new ConfigError('missing credentials: ADS_AUTH_MODE=openbridge needs OPENBRIDGE_REFRESH_TOKEN');
    }
    config.openbridge = {
      refreshToken: env.OPENBRIDGE_REFRESH_TOKEN,
      identityId: env.OPENBRIDGE_IDENTITY_ID,
      clientIdFallback: env.ADS_API_CLIENT_ID,
    };
    config.secrets.push(env.OPENBRIDGE_REFRESH_TOKEN);
  }
  return config;
}

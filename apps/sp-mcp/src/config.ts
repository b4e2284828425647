// Environment → typed config (zod). Credentials are required unless OBMCP_MOCK=1 (the mocks preload).
import { z } from 'zod';
import { resolveRegion } from './hints/region-aliases.js';

export type Region = 'na' | 'eu' | 'fe';

export interface SpConfig {
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
  maxAttempts: number;
  retryMaxTotalMs: number;
  limiterMaxWaitMs: number;
  maxDocumentBytes: number;
  lwaEndpoint: string;
  codeMode: string | undefined;
  /** SP_API_TOOLSETS as given (validated against the catalog at server creation). */
  toolsets: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly missing: string[] = [],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const bool = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const s = v.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(s)) return true;
    if (['0', 'false', 'no', 'off'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: `expected true/false, got "${v.slice(0, 20)}"` });
    return z.NEVER;
  });
const int = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected an integer ${min}..${max}, got "${v.slice(0, 20)}"`,
        });
        return z.NEVER;
      }
      return n;
    });
const text = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  OBMCP_MOCK: text,
  SP_API_CLIENT_ID: text,
  SP_API_CLIENT_SECRET: text,
  SP_API_REFRESH_TOKEN: text,
  SP_API_REGION: text,
  SP_API_SANDBOX: bool,
  SP_API_IDENTITIES_FILE: text,
  SP_API_ACTIVE_IDENTITY: text,
  SP_API_SELLER_ID: text,
  SP_API_ENABLE_WRITES: bool,
  SP_API_TIMEOUT_MS: int(100, 300_000),
  SP_API_MAX_ATTEMPTS: int(1, 10),
  SP_API_RETRY_MAX_TOTAL_MS: int(0, 600_000),
  SP_API_LIMITER_MAX_WAIT_MS: int(0, 120_000),
  SP_API_MAX_DOCUMENT_BYTES: int(1024, 1024 * 1024 * 1024),
  SP_API_LWA_ENDPOINT: text,
  CODE_MODE: text,
  SP_API_TOOLSETS: text,
  SP_API_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).optional(),
});

export function loadConfig(env: Record<string, string | undefined>): SpConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    const first = parsed.error.issues[0];
    throw new ConfigError(`invalid environment: ${names.join(', ')} (${first?.message ?? 'invalid'})`);
  }
  const e = parsed.data;
  const mock = e.OBMCP_MOCK === '1';
  const missing: string[] = [];
  if (!mock) {
    if (!e.SP_API_CLIENT_ID) missing.push('SP_API_CLIENT_ID');
    if (!e.SP_API_CLIENT_SECRET) missing.push('SP_API_CLIENT_SECRET');
    if (!e.SP_API_REFRESH_TOKEN && !e.SP_API_IDENTITIES_FILE)
      missing.push('SP_API_REFRESH_TOKEN (or SP_API_IDENTITIES_FILE)');
  }
  if (missing.length > 0)
    throw new ConfigError(`missing required environment variables: ${missing.join(', ')}`, missing);
  const region = e.SP_API_REGION === undefined ? 'na' : resolveRegion(e.SP_API_REGION);
  if (region === undefined)
    throw new ConfigError('invalid environment: SP_API_REGION (expected na, eu or fe)');
  return {
    mock,
    clientId: e.SP_API_CLIENT_ID ?? '',
    clientSecret: e.SP_API_CLIENT_SECRET ?? '',
    refreshToken: e.SP_API_REFRESH_TOKEN ?? '',
    region,
    sandbox: e.SP_API_SANDBOX ?? false,
    identitiesFile: e.SP_API_IDENTITIES_FILE,
    activeIdentity: e.SP_API_ACTIVE_IDENTITY,
    sellerId: e.SP_API_SELLER_ID,
    enableWrites: e.SP_API_ENABLE_WRITES ?? false,
    timeoutMs: e.SP_API_TIMEOUT_MS ?? (mock ? 2_000 : 20_000),
    maxAttempts: e.SP_API_MAX_ATTEMPTS ?? 3,
    retryMaxTotalMs: e.SP_API_RETRY_MAX_TOTAL_MS ?? (mock ? 1_500 : 30_000),
    limiterMaxWaitMs: e.SP_API_LIMITER_MAX_WAIT_MS ?? (mock ? 500 : 2_000),
    maxDocumentBytes: e.SP_API_MAX_DOCUMENT_BYTES ?? 50 * 1024 * 1024,
    lwaEndpoint: e.SP_API_LWA_ENDPOINT ?? 'https://api.amazon.com/auth/o2/token',
    codeMode: e.CODE_MODE,
    toolsets: e.SP_API_TOOLSETS,
    logLevel: e.SP_API_LOG_LEVEL ?? 'info',
  };
}

/** Values the logger must redact wherever they appear. */
export function configSecrets(config: SpConfig): string[] {
  return [config.clientSecret, config.refreshToken, config.clientId].filter((s) => s.length > 0);
}

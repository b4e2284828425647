// Env-only configuration, parsed once with zod; secrets stay in this object and never reach a log line.
import { parseCodeMode } from '@obmcp/code-mode';
import { z } from 'zod';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const url = z.url().transform((v) => v.replace(/\/+$/, ''));

const EnvSchema = z.object({
  OBMCP_MOCK: z.string().optional(),
  OPENBRIDGE_REFRESH_TOKEN: z.string().trim().optional(),
  OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: bool.optional(),
  OPENBRIDGE_ENABLE_QUERY_EXECUTION: bool.optional(),
  OPENBRIDGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).optional(),
  OPENBRIDGE_MAX_RETRIES: z.coerce.number().int().min(0).max(5).optional(),
  OPENBRIDGE_AUTH_BASE_URL: url.default('https://authentication.api.openbridge.io'),
  OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: url.default('https://subscriptions.api.openbridge.io'),
  OPENBRIDGE_REMOTE_IDENTITY_BASE_URL: url.default('https://remote-identity.api.openbridge.io'),
  OPENBRIDGE_SERVICE_BASE_URL: url.default('https://service.api.openbridge.io'),
  OPENBRIDGE_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  CODE_MODE: z.string().optional(),
});

export interface Config {
  mock: boolean;
  refreshToken: string;
  privilegedTools: boolean;
  /** execute_query is listed only when OPENBRIDGE_ENABLE_QUERY_EXECUTION=true (the reference's gate). */
  queryExecution: boolean;
  timeoutMs: number;
  maxRetries: number;
  urls: { auth: string; subscriptions: string; remoteIdentity: string; service: string };
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  codeMode: 'on' | 'only' | 'off';
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `invalid ${String(issue?.path.join('.') ?? 'environment')}: ${issue?.message ?? 'invalid value'}`,
    );
  }
  const e = parsed.data;
  const mock = e.OBMCP_MOCK === '1';
  const refreshToken = e.OPENBRIDGE_REFRESH_TOKEN ?? '';
  if (!mock && refreshToken === '') {
    throw new ConfigError(
      'OPENBRIDGE_REFRESH_TOKEN is required (create one in Openbridge → Account → API Management; format key:secret)',
    );
  }
  let codeMode: Config['codeMode'];
  try {
    codeMode = parseCodeMode(e.CODE_MODE);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    mock,
    refreshToken,
    privilegedTools: e.OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS ?? false,
    queryExecution: e.OPENBRIDGE_ENABLE_QUERY_EXECUTION ?? false,
    timeoutMs: e.OPENBRIDGE_TIMEOUT_MS ?? (mock ? 2_000 : 20_000),
    maxRetries: e.OPENBRIDGE_MAX_RETRIES ?? 2,
    urls: {
      auth: e.OPENBRIDGE_AUTH_BASE_URL,
      subscriptions: e.OPENBRIDGE_SUBSCRIPTIONS_BASE_URL,
      remoteIdentity: e.OPENBRIDGE_REMOTE_IDENTITY_BASE_URL,
      service: e.OPENBRIDGE_SERVICE_BASE_URL,
    },
    logLevel: e.OPENBRIDGE_LOG_LEVEL,
    codeMode,
  };
}

// OBMCP_MOCK_RATE_LIMIT=<rate>/<burst>: a test-only rule for every operation, honoured in mock mode only.
import type { LimitRule } from '../limiter-store.js';

export const RATE_OVERRIDE_ENV = 'OBMCP_MOCK_RATE_LIMIT';

/** The override rule, or undefined (not in mock mode, unset, or malformed: the documented rates apply). */
export function rateOverrideFromEnv(env: Record<string, string | undefined>): LimitRule | undefined {
  if (env.OBMCP_MOCK !== '1') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+)\s*$/.exec(env[RATE_OVERRIDE_ENV] ?? '');
  if (!match) return undefined;
  const rate = Number(match[1]);
  const burst = Number(match[2]);
  return rate > 0 && burst >= 1 ? { rate, burst } : undefined;
}

/** A rate table with the test override on top; while overridden, upstream-advertised rates are not learned. */
export function limitRules(
  table: (operation: string) => LimitRule,
  env: Record<string, string | undefined>,
): { rule: (operation: string) => LimitRule; learn: boolean } {
  const override = rateOverrideFromEnv(env);
  return override === undefined ? { rule: table, learn: true } : { rule: () => override, learn: false };
}

// OBMCP_MOCK_RATE_LIMIT=<rate>/<burst> (one rule for every operation) and OBMCP_MOCK_RATE_SCALE=<factor>
// (every documented rate × factor): test-only limiter rules, honoured in mock mode only.
import type { LimitRule } from '../limiter-store.js';

export const RATE_OVERRIDE_ENV = 'OBMCP_MOCK_RATE_LIMIT';
/**
 * The same variable the mocks read (their buckets and advertised rates are scaled by the same factor) and
 * the contract's mockTimeScale (job poll cadences divided by it).
 */
export const RATE_SCALE_ENV = 'OBMCP_MOCK_RATE_SCALE';

/** The override rule, or undefined (not in mock mode, unset, or malformed: the documented rates apply). */
export function rateOverrideFromEnv(env: Record<string, string | undefined>): LimitRule | undefined {
  if (env.OBMCP_MOCK !== '1') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+)\s*$/.exec(env[RATE_OVERRIDE_ENV] ?? '');
  if (!match) return undefined;
  const rate = Number(match[1]);
  const burst = Number(match[2]);
  return rate > 0 && burst >= 1 ? { rate, burst } : undefined;
}

/** The rate scale factor (> 0), or undefined (not in mock mode, unset, or malformed). */
export function rateScaleFromEnv(env: Record<string, string | undefined>): number | undefined {
  if (env.OBMCP_MOCK !== '1') return undefined;
  const text = env[RATE_SCALE_ENV]?.trim() ?? '';
  const scale = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  return scale > 0 ? scale : undefined;
}

/**
 * A rate table with the test rules on top. Under the override, upstream-advertised rates are not
 * learned; under the scale they still are (the mocks advertise the scaled rate).
 */
export function limitRules(
  table: (operation: string) => LimitRule,
  env: Record<string, string | undefined>,
): { rule: (operation: string) => LimitRule; learn: boolean } {
  const override = rateOverrideFromEnv(env);
  if (override !== undefined) return { rule: () => override, learn: false };
  const scale = rateScaleFromEnv(env);
  if (scale === undefined) return { rule: table, learn: true };
  return {
    rule: (operation) => {
      const documented = table(operation);
      return { ...documented, rate: documented.rate * scale };
    },
    learn: true,
  };
}

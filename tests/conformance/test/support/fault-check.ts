// Judges one tool's outcome under a fault scenario: kind/code/retryable, retry_after, rate_limit, warnings.
import { type CallOutcome, describeOutcome, envelopeProblems, metaOf } from '../../src/index.js';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import type { AppProfile } from './apps.js';
import { expectedFault } from './fault-expectations.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function rateLimitProblems(meta: Record<string, unknown> | undefined, allowed: boolean): string[] {
  const rl = meta?.rate_limit;
  if (rl === undefined) return [];
  if (!allowed)
    return [
      `_meta.rate_limit ${JSON.stringify(rl)} although the upstream response had no rate-limit headers`,
    ];
  if (!isObject(rl) || Object.keys(rl).length === 0) return ['_meta.rate_limit is empty'];
  const nulls = Object.entries(rl)
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  return nulls.length > 0 ? [`_meta.rate_limit has synthetic nulls: ${nulls.join(', ')}`] : [];
}

/**
 * `baseline`: the same call without a fault (the default-env run of the tool's first example). Every first example
 * must succeed against the mocks, so warning_header is judged on every tool; a failing baseline is itself a finding
 * (except rate_limited: the default-env run shares the app's limiter with many other calls).
 */
export function faultProblems(
  p: AppProfile,
  scenario: FaultScenario,
  outcome: CallOutcome,
  advertised: readonly string[] | undefined,
  baseline: CallOutcome | undefined,
): string[] {
  const expected = expectedFault(p, scenario);
  const meta = metaOf(outcome);
  const problems = rateLimitProblems(meta, p.rateLimitHeaders.includes(scenario));
  const limited = baseline?.type === 'envelope' && baseline.envelope.error_kind === 'rate_limited';
  if (expected.type === 'success_with_warning' && baseline && baseline.type !== 'result' && !limited)
    problems.push(
      `the first example fails without a fault too (${describeOutcome(baseline)}): use ids the mocks serve`,
    );
  if (expected.type === 'success_with_warning') {
    if (outcome.type !== 'result')
      return [...problems, `expected success with _meta.warnings, got ${describeOutcome(outcome)}`];
    const first = Array.isArray(meta?.warnings) ? meta.warnings[0] : undefined;
    if (!isObject(first) || first.kind !== 'upstream_warning')
      problems.push(
        `_meta.warnings[0].kind should be upstream_warning (got ${JSON.stringify(meta?.warnings ?? null)})`,
      );
    return problems;
  }
  if (outcome.type !== 'envelope')
    return [...problems, `expected ${expected.kind}/${expected.code}, got ${describeOutcome(outcome)}`];
  const env = outcome.envelope;
  problems.push(
    ...envelopeProblems(env, { prefix: p.prefix, ...(advertised ? { advertisedKinds: advertised } : {}) }),
  );
  if (env.error_kind !== expected.kind || env.error_code !== expected.code)
    problems.push(`got ${env.error_kind}/${env.error_code}, expected ${expected.kind}/${expected.code}`);
  if (env.retryable !== expected.retryable)
    problems.push(`retryable ${env.retryable}, expected ${expected.retryable}`);
  const retryAfter = meta?.retry_after_seconds;
  // A rate_limited envelope may carry the app's own limiter wait (computed from its bucket, > 0).
  const limiterWait = env.error_code === 'RATE_LIMITED' && typeof retryAfter === 'number' && retryAfter > 0;
  // After an earlier 429 with Retry-After the bucket is blocked until then: the next call is refused
  // before the wire with what is left of that wait (never more).
  const penaltyLeft =
    limiterWait && expected.retryAfter !== undefined && (retryAfter as number) <= expected.retryAfter;
  if (expected.retryAfter !== undefined && retryAfter !== expected.retryAfter && !penaltyLeft)
    problems.push(`_meta.retry_after_seconds ${JSON.stringify(retryAfter)}, expected ${expected.retryAfter}`);
  if (expected.retryAfter === undefined && retryAfter !== undefined && !limiterWait)
    problems.push(`_meta.retry_after_seconds ${JSON.stringify(retryAfter)} without a Retry-After header`);
  return problems;
}

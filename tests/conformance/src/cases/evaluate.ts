// Judges one call outcome against a case's expectation; returns the problems (empty = as expected).
import { SCHEMA_CODES } from '@obmcp/contract';
import { type CallOutcome, describeOutcome } from '../invoke.js';
import type { ExpectedEvent, Expectation } from './types.js';

/** Codes that mean "the validator rejected the arguments" (domain validators excluded). */
const VALIDATOR_CODES = new Set<string>(SCHEMA_CODES.filter((c) => c !== 'SCHEMA_IDENTITY_NOT_FOUND'));

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function metaOf(outcome: CallOutcome): Record<string, unknown> | undefined {
  if (outcome.type === 'envelope')
    return isObject(outcome.envelope._meta) ? outcome.envelope._meta : undefined;
  if (outcome.type === 'result' && isObject(outcome.value) && isObject(outcome.value._meta))
    return outcome.value._meta;
  return undefined;
}

function eventProblems(
  outcome: CallOutcome,
  event: ExpectedEvent | undefined,
  metaOn: boolean | undefined,
): string[] {
  const normalized = metaOf(outcome)?.normalized;
  if (metaOn === false)
    return normalized === undefined
      ? []
      : ['_meta.normalized present although MCP_SCHEMA_KEY_NORMALIZATION_META is off'];
  if (!event || metaOn === undefined) return [];
  const events = Array.isArray(normalized) ? normalized.filter(isObject) : [];
  const found = events.some(
    (e) => e.kind === event.kind && Object.entries(event.match).every(([k, v]) => e[k] === v),
  );
  return found
    ? []
    : [
        `no _meta.normalized ${event.kind} event ${JSON.stringify(event.match)} (got ${JSON.stringify(normalized ?? null)})`,
      ];
}

/**
 * `metaOn`: whether the server emits `_meta.normalized` (undefined when unknown: events not checked).
 */
export function expectationProblems(
  outcome: CallOutcome,
  expect: Expectation,
  metaOn: boolean | undefined,
): string[] {
  if (outcome.type === 'plain_error' || outcome.type === 'protocol_error')
    return [
      `expected ${expect.type === 'error' ? 'an envelope' : 'acceptance'}, got ${describeOutcome(outcome)}`,
    ];
  if (expect.type === 'accepted') {
    if (
      outcome.type === 'envelope' &&
      (VALIDATOR_CODES.has(outcome.envelope.error_code) || outcome.envelope.error_kind === 'tool_not_found')
    ) {
      return [`rejected with ${describeOutcome(outcome)}: ${outcome.envelope.summary}`];
    }
    return eventProblems(outcome, expect.event, metaOn);
  }
  if (outcome.type !== 'envelope') return [`expected ${expect.codes.join('|')}, got success`];
  const env = outcome.envelope;
  const problems: string[] = [];
  if (!expect.codes.includes(env.error_code))
    problems.push(`error_code ${env.error_code}, expected ${expect.codes.join(' or ')}`);
  if (env.error_kind !== 'mcp_input_validation')
    problems.push(`error_kind ${env.error_kind}, expected mcp_input_validation`);
  if (env.retryable !== false) problems.push('retryable should be false');
  if (expect.path !== undefined) {
    const detail = env.details.find((d) => d.path === expect.path);
    if (!detail)
      problems.push(
        `no details[] entry with path "${expect.path}" (paths: ${env.details.map((d) => JSON.stringify(d.path)).join(', ')})`,
      );
    const missing = (expect.detailFields ?? []).filter((f) => detail && !(f in detail));
    if (missing.length > 0) problems.push(`details entry for ${expect.path} lacks ${missing.join(', ')}`);
  }
  if (expect.hintCategory) {
    const categories = metaOf(outcome)?.hint_categories;
    if (Array.isArray(categories) && !categories.includes(expect.hintCategory)) {
      problems.push(`_meta.hint_categories ${JSON.stringify(categories)} lacks ${expect.hintCategory}`);
    } else if (!Array.isArray(categories) && env.hints.length === 0) {
      problems.push(`no hints (expected a ${expect.hintCategory} hint)`);
    }
  }
  problems.push(...eventProblems(outcome, expect.event, metaOn));
  return problems;
}

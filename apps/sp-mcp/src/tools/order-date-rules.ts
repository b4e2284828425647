// The Orders models' date rules (v0 getOrders, 2026-01-01 searchOrders) the JSON schema cannot state.
import { type Detail, DomainValidationError } from '@obmcp/contract';

/** The four date arguments both order tools share (camelCase tool names). */
export const ORDER_DATE_KEYS = [
  'createdAfter',
  'createdBefore',
  'lastUpdatedAfter',
  'lastUpdatedBefore',
] as const;
type DateKey = (typeof ORDER_DATE_KEYS)[number];

const CREATED: readonly DateKey[] = ['createdAfter', 'createdBefore'];
const UPDATED: readonly DateKey[] = ['lastUpdatedAfter', 'lastUpdatedBefore'];
/** "at least two minutes before the time of the request" (both models, createdBefore / lastUpdatedBefore). */
const MIN_AGE_MS = 2 * 60 * 1000;

const given = (args: Readonly<Record<string, unknown>>, keys: readonly DateKey[]) =>
  keys.filter((k) => args[k] !== undefined);

const detail = (args: Readonly<Record<string, unknown>>, path: string, issue: string): Detail => ({
  path,
  issue,
  received_type: typeof args[path],
});

function fail(summary: string, details: Detail[], hint: string): never {
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', { summary, details, hints: [hint] });
}

/** Epoch ms of an ISO 8601 date-time, undefined for anything else (e.g. the sandbox's TEST_CASE_200). */
function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Throws INPUT_VALIDATION_FAILED (one detail per offending argument) when the dates break the models'
 * rules: exactly one of createdAfter and lastUpdatedAfter (when `requireStart`); the created and the
 * lastUpdated pair never mixed; a *Before not earlier than its *After and at least two minutes old.
 */
export function checkOrderDates(args: Readonly<Record<string, unknown>>, requireStart: boolean): void {
  const created = given(args, CREATED);
  const updated = given(args, UPDATED);
  if (created.length > 0 && updated.length > 0) {
    fail(
      `${[...created, ...updated].join(', ')} cannot be combined: filter by creation dates or by last-update dates, not both.`,
      [...created, ...updated].map((k) =>
        detail(args, k, `${k} excludes ${(CREATED.includes(k) ? UPDATED : CREATED).join(' and ')}`),
      ),
      'Send createdAfter (optionally createdBefore), or lastUpdatedAfter (optionally lastUpdatedBefore).',
    );
  }
  const starts = given(args, ['createdAfter', 'lastUpdatedAfter']);
  if (requireStart && starts.length === 0) {
    fail(
      'Provide createdAfter or lastUpdatedAfter.',
      ['createdAfter', 'lastUpdatedAfter'].map((k) => detail(args, k, 'exactly one of these is required')),
      'Required: createdAfter or lastUpdatedAfter (ISO 8601, e.g. 2026-03-01T00:00:00Z).',
    );
  }
  for (const [after, before] of [
    ['createdAfter', 'createdBefore'],
    ['lastUpdatedAfter', 'lastUpdatedBefore'],
  ] as const) {
    const end = instant(args[before]);
    if (end === undefined) continue;
    const start = instant(args[after]);
    if (start !== undefined && end < start) {
      fail(
        `${before} must be equal to or after ${after}.`,
        [detail(args, before, `earlier than ${after} (${String(args[after])})`)],
        `Send a ${before} at or after ${after}, or leave ${before} out.`,
      );
    }
    if (end > Date.now() - MIN_AGE_MS) {
      fail(
        `${before} must be at least two minutes before now.`,
        [detail(args, before, 'later than two minutes before the time of the request')],
        `Leave ${before} out to get everything up to about two minutes ago.`,
      );
    }
  }
}

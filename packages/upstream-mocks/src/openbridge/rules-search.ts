// The Rules API search (service-rules-api.md), including its documented failure: a large result set times out.
import { mockSettings } from '../settings.js';
import { errorResponse } from './errors.js';
import { RULES } from './fixtures/tables.js';
import type { GuardedInfo } from './guard.js';
import { paginated } from './json-api.js';

/** Openbridge-only fault scenarios (OBMCP_MOCK_OPENBRIDGE_FAULT). */
export const OPENBRIDGE_FAULTS = ['rules_search_timeout'] as const;

/** Under `rules_search_timeout`, a search matching more rows than this times out (the fixtures' broad prefixes do). */
export const RULES_TIMEOUT_ROWS = 2;

/** service-rules-api.md query parameters: `path` (exact), `path__icontains`, `version`, `latest`. */
export function rulesSearch({ request }: GuardedInfo): Response {
  const url = new URL(request.url);
  const exact = url.searchParams.get('path');
  const contains = url.searchParams.get('path__icontains')?.toLowerCase();
  const version = url.searchParams.get('version');
  const rows = RULES.filter((r) => {
    const path = String(r.attributes.path);
    if (exact !== null && path !== exact) return false;
    if (contains !== undefined && !path.toLowerCase().includes(contains)) return false;
    return version === null || String(r.attributes.version) === version;
  });
  if (mockSettings.openbridgeFault() === 'rules_search_timeout' && rows.length > RULES_TIMEOUT_ROWS)
    return errorResponse('flat_message', 504, 'Endpoint request timed out');
  return paginated(request, rows);
}

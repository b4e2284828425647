// Service API Query proxy (POST /service/query/production/query): SQL against a destination's warehouse, as the reference server calls it.
import { delay, http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { checkRequest } from './doc-schemas/validate.js';
import { errorResponse, invalidRequest } from './errors.js';
import { STORAGE_GROUPS } from './fixtures/subscriptions.js';
import { WAREHOUSE_ROWS } from './fixtures/tables.js';
import { guarded } from './guard.js';
import { json, readBody } from './json-api.js';

const URL_PATH = `${OPENBRIDGE_HOSTS.service}/service/query/production/query`;

/** The subset of SQL the mock warehouse answers: SELECT cols|* FROM table [WHERE …] [LIMIT n]. */
const SELECT = /^\s*select\s+(.+?)\s+from\s+([\w."]+)(?:\s+where\s+.+?)?(?:\s+limit\s+(\d+))?\s*;?\s*$/is;

/** A warehouse error: the query reached the warehouse, which refused it (Query API 400, JSON:API body). */
const refused = (message: string) => errorResponse('jsonapi', 400, message, { code: 'query_failed' });

const query = guarded('jsonapi', async ({ request }) => {
  const body = await readBody(request);
  const issues = checkRequest('query', body);
  if (issues.length > 0) return invalidRequest('jsonapi', issues);
  const a = (body as { data: { attributes: { query: string; accmapping: string } } }).data.attributes;
  if (!STORAGE_GROUPS.some((g) => g.attributes.key_name === a.accmapping)) {
    return errorResponse('jsonapi', 404, `No account mapping found for key ${a.accmapping.slice(0, 60)}.`);
  }
  const sql = a.query.trim();
  // A long-running statement (Redshift/Postgres pg_sleep): the caller's statement timeout has to end it.
  const sleep = /\bpg_sleep\((\d+)\)/i.exec(sql);
  if (sleep) {
    await delay(Number(sleep[1]) * 1000);
    return json({ data: [{ pg_sleep: '' }] });
  }
  if (!/^\s*(select|with)\b/i.test(sql))
    return refused('cannot execute statement in a read-only transaction');
  const m = SELECT.exec(sql);
  if (!m) return refused('syntax error at or near the end of the statement');
  const table = (m[2] ?? '').replaceAll('"', '').split('.').pop()?.toLowerCase() ?? '';
  const rows = WAREHOUSE_ROWS[table];
  if (!rows) return refused(`relation "${table.slice(0, 80)}" does not exist`);
  const columns = (m[1] ?? '*').split(',').map((c) => c.trim());
  const known = Object.keys(rows[0] ?? {});
  const missing = columns.filter((c) => c !== '*' && !known.includes(c));
  if (missing.length > 0) return refused(`column "${(missing[0] ?? '').slice(0, 80)}" does not exist`);
  const limit = m[3] === undefined ? rows.length : Number(m[3]);
  const picked = rows
    .slice(0, limit)
    .map((r) => (columns.includes('*') ? { ...r } : Object.fromEntries(columns.map((c) => [c, r[c]]))));
  return json({ data: picked });
});

export const queryHandlers = [http.post(URL_PATH, query)];

// Service API Query proxy (POST /service/query/production/query): SQL against a destination's warehouse, as the reference server calls it.
import { delay, http } from 'msw';
import { OPENBRIDGE_HOSTS } from './constants.js';
import { checkRequest } from './doc-schemas/validate.js';
import { errorResponse, invalidRequest } from './errors.js';
import { STORAGE_GROUPS, STORAGES } from './fixtures/subscriptions.js';
import { guarded } from './guard.js';
import { json, readBody } from './json-api.js';
import { runScript, toCsv, WAREHOUSE_LEXERS } from './warehouse.js';

const URL_PATH = `${OPENBRIDGE_HOSTS.service}/service/query/production/query`;

/** A warehouse error: the query reached the warehouse, which refused it (Query API 400, JSON:API body). */
const refused = (message: string) => errorResponse('jsonapi', 400, message, { code: 'query_failed' });

/**
 * The docs have no Query API page; the request's `response_format` (the reference server sends `csv`) picks
 * the answer: CSV text in `data` for `csv`, row objects for `json`. The script runs statement by statement in
 * a read-only transaction, so a write that slipped past the server's guard is refused here, and a test sees
 * that it reached the warehouse at all (OBMCP_MOCK_REQUEST_LOG).
 */
const query = guarded('jsonapi', async ({ request }) => {
  const body = await readBody(request);
  const issues = checkRequest('query', body);
  if (issues.length > 0) return invalidRequest('jsonapi', issues);
  const a = (
    body as { data: { attributes: { query: string; accmapping: string; response_format?: string } } }
  ).data.attributes;
  const group = STORAGE_GROUPS.find((g) => g.attributes.key_name === a.accmapping);
  if (group === undefined) {
    return errorResponse('jsonapi', 404, `No account mapping found for key ${a.accmapping.slice(0, 60)}.`);
  }
  // The destination's warehouse reads the script with its own lexer (a Databricks key: Spark's comments and strings).
  const storage = STORAGES.find((s) => String(s.attributes.storage_group_id) === group.id);
  const lexer = WAREHOUSE_LEXERS[Number(storage?.attributes.product_id)];
  if (lexer === undefined) return refused(`Destination ${a.accmapping.slice(0, 60)} does not run SQL.`);
  // A long-running statement (pg_sleep, should one get past a guard; or a test's `/* obmcp-mock:sleep=N */`
  // comment on a plain read): the caller's timeout has to end it.
  const sleep = /\bpg_sleep\((\d+)\)|obmcp-mock:sleep=(\d+)/i.exec(a.query);
  if (sleep) {
    await delay(Number(sleep[1] ?? sleep[2]) * 1000);
    return json({ data: a.response_format === 'json' ? [{ pg_sleep: '' }] : 'pg_sleep\r\n""\r\n' });
  }
  const answer = runScript(a.query, lexer);
  if (!answer.ok) return refused(answer.message);
  if (a.response_format === 'json') return json({ data: answer.rows });
  return json({ data: toCsv(answer.columns, answer.rows) });
});

export const queryHandlers = [http.post(URL_PATH, query)];

// validate_query (local read-only checks) and execute_query (gated: SQL against a destination warehouse through the Service API Query proxy).
import {
  type CallContext,
  DomainValidationError,
  defineTool,
  type FromSchema,
  READ_UPSTREAM,
  type ToolDefinition,
  UpstreamHttpError,
} from '@obmcp/contract';
import type { ToolDeps } from './deps.js';
import type { RawAnswer } from '../http/client.js';
import type { Send } from '../operations/bind.js';
import { readQueryRows } from './query-rows.js';
import { QueryOutcomeUnknownError, queryMayStillRun } from './query-outcome.js';
import { checkSqlOffThread } from '../sql/check-off-thread.js';
import { decide, refusedUnread } from './sql-check.js';
import { resolveStorageDialect } from './storage-dialect.js';

const QUERY = {
  type: 'string',
  minLength: 1,
  maxLength: 20_000,
  description:
    'One SQL SELECT (or WITH … SELECT) statement; table names from get_table_schema (destination_table or its _master view).',
} as const;
const KEY_NAME = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: "The destination's key_name (get_storage_subscriptions): which warehouse the query runs in.",
} as const;
const ALLOW_UNBOUNDED = {
  type: 'boolean',
  default: false,
  description: 'Permit a query without LIMIT (the row cap still applies).',
} as const;

const validateSchema = {
  type: 'object',
  properties: { query: QUERY, key_name: KEY_NAME, allow_unbounded: ALLOW_UNBOUNDED },
  required: ['query', 'key_name'],
  additionalProperties: false,
  examples: [
    {
      query: 'SELECT campaign_id, budget FROM amzadv_sp_campaigns_master LIMIT 10',
      key_name: 'acme_redshift_1688',
    },
  ],
} as const;

const MAX_ROWS = 1000;
const MAX_TIMEOUT_S = 120;

/** validate_query's input plus the row cap and the timeout. */
const executeSchema = {
  ...validateSchema,
  properties: {
    ...validateSchema.properties,
    max_rows: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_ROWS,
      default: 100,
      description: `Row cap: at most this many rows are returned (truncated: true says more came back). Max ${MAX_ROWS}.`,
    },
    timeout_seconds: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TIMEOUT_S,
      default: 30,
      description:
        'The call gives up (UPSTREAM_TIMEOUT) after this many seconds; client-side: the warehouse statement is not cancelled.',
    },
  },
} as const;

/** The query's check for the warehouse behind key_name (a key that names none is refused before any parse). */
async function assess(
  listStorages: Send,
  call: CallContext,
  query: string,
  keyName: string,
  allowUnbounded: boolean,
) {
  const storage = await resolveStorageDialect(listStorages, call, keyName);
  const checks = storage.ok
    ? await checkSqlOffThread(query, storage.warehouse, allowUnbounded)
    : refusedUnread(storage.refusal);
  return {
    query: query.trim(),
    key_name: keyName,
    storage_type: storage.storage_type,
    decision: decide(checks, allowUnbounded),
    checks,
    // The reference may also ask an LLM (sampling); this server decides on the parse alone.
    sampling: { supported: false },
  };
}

/** Refusals about the destination point at key_name; the others at the query. */
const KEY_RULES: ReadonlySet<string> = new Set(['unknown_storage', 'storage_not_queryable']);

const LIST_STORAGES = ['subscriptions', 'listStorages'] as const;

export function queryTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(LIST_STORAGES, (send) =>
      defineTool<FromSchema<typeof validateSchema>>({
        name: 'validate_query',
        title: 'Check a SQL query (read-only safeguards)',
        description:
          'Checks a SQL query before execute_query runs it, for the warehouse key_name points to (its storage type, ' +
          'read from Openbridge): one statement as that warehouse reads quotes, escapes and comments, parsed by its own ' +
          'grammar, a SELECT (or WITH … SELECT) with no INTO and only built-in read functions (no sleep, sequence, ' +
          'reflection, secret or external-access call), and a LIMIT (unless allow_unbounded). The query itself is not sent.',
        inputSchema: validateSchema,
        handler: (args, call) => assess(send, call, args.query, args.key_name, args.allow_unbounded ?? false),
      }),
    ),
    operations.many({ listStorages: LIST_STORAGES, runQuery: ['service', 'runQuery'] }, (send) =>
      defineTool<FromSchema<typeof executeSchema>>({
        name: 'execute_query',
        title: 'Run a read-only SQL query in a destination warehouse',
        description:
          'Runs one read-only SQL SELECT in the warehouse of a destination (key_name from get_storage_subscriptions), ' +
          'after validate_query allows it. Rows come as JSON rows or CSV (`format`; CSV values are strings); an answer ' +
          'that carries neither is UPSTREAM_INVALID_RESPONSE, never an empty success. Rows are capped (max_rows) and the ' +
          'call gives up after timeout_seconds. A query the warehouse rejects comes back as OPENBRIDGE_HTTP_400 with its message.',
        inputSchema: executeSchema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const validation = await assess(
            send.listStorages,
            call,
            args.query,
            args.key_name,
            args.allow_unbounded ?? false,
          );
          if (!validation.decision.allowed) {
            throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
              summary: 'The query did not pass the read-only safeguards; it was not sent to the warehouse.',
              details: validation.checks.refusals.map(({ rule, issue, ...about }) => ({
                path: KEY_RULES.has(rule) ? 'key_name' : 'query',
                issue,
                received_type: 'string',
                reason: 'query_not_allowed',
                rule,
                ...about,
              })),
              hints: [
                'validate_query shows the checks; send one SELECT with a LIMIT (or allow_unbounded: true).',
                ...(validation.checks.refusals.some((r) => KEY_RULES.has(r.rule))
                  ? ['get_storage_subscriptions lists each destination with its key_name and storage_type.']
                  : []),
                ...(validation.checks.refusals.some((r) => r.rule === 'unparsable')
                  ? [
                      `The guard runs only what the destination's own grammar (${validation.checks.dialect?.grammar ?? 'none'}) can parse; rewrite the statement in plain SELECT syntax.`,
                    ]
                  : []),
              ],
            });
          }
          const maxRows = args.max_rows ?? 100;
          let answer: RawAnswer;
          try {
            answer = (await send.runQuery(
              {
                body: {
                  data: {
                    type: 'Query',
                    attributes: {
                      query: args.query,
                      accmapping: args.key_name,
                      run_async: false,
                      direct_results: false,
                      response_format: 'csv',
                    },
                  },
                },
              },
              call,
              {
                resource: 'destination key_name',
                timeoutMs: (args.timeout_seconds ?? 30) * 1000,
                accept: 'text/csv',
              },
            )) as RawAnswer;
          } catch (error) {
            if (error instanceof UpstreamHttpError && error.status === 400) {
              // The summary names the service (an error's service only words a summary it does not have).
              throw new UpstreamHttpError(400, {
                summary: 'The warehouse rejected the query (Openbridge Query API HTTP 400).',
                details: error.details,
                requestId: error.requestId,
                hints: [
                  "Read the warehouse's message in details[].issue; check names with get_table_schema.",
                  'Tables are addressed by destination_table or its _master view.',
                ],
              });
            }
            if (queryMayStillRun(error)) throw new QueryOutcomeUnknownError(error, args.timeout_seconds);
            throw error;
          }
          const { columns, rows, format } = readQueryRows(answer);
          const kept = rows.slice(0, maxRows);
          return {
            key_name: args.key_name,
            columns,
            rows: kept,
            row_count: kept.length,
            truncated: rows.length > maxRows,
            format,
            ...(rows.length > maxRows ? { rows_returned_by_warehouse: rows.length } : {}),
          };
        },
      }),
    ),
  ];
}

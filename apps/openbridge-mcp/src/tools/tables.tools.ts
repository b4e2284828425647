// Table schema lookup (Rules API) with did-you-mean on a miss, and ranked table-name suggestions.
import {
  type CallContext,
  DomainValidationError,
  defineTool,
  type FromSchema,
  isOutageStatus,
  type ToolDefinition,
  UpstreamHttpError,
  UpstreamTransportError,
} from '@obmcp/contract';
import type { Send } from '../operations/bind.js';
import type { ToolDeps } from './deps.js';
import { pickRule, type RuleRow, SEARCH_RULES, searchRules } from './rules-client.js';
import { rankTableNames, searchTerms } from './table-resolver.js';

const NAME = { type: 'string', minLength: 2, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' } as const;

const schemaSchema = {
  type: 'object',
  properties: {
    table_name: {
      ...NAME,
      description: 'Table name; bare, _master and _vNN forms are accepted (amzadv_sp_campaigns_master).',
    },
  },
  required: ['table_name'],
  additionalProperties: false,
  examples: [{ table_name: 'amzadv_sp_campaigns' }, { table_name: 'amzadv_sp_campaigns_master' }],
} as const;

const suggestSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 2,
      maxLength: 200,
      description: 'Free text or a partial table name.',
    },
  },
  required: ['query'],
  additionalProperties: false,
  examples: [{ query: 'sp campaigns' }, { query: 'amzadv_sp' }],
} as const;

/** What the searches found; `incomplete` when a broader search failed after a narrower one had answered. */
interface Candidates {
  rows: RuleRow[];
  truncated: boolean;
  incomplete: boolean;
}

/**
 * An outage of a broader search (E: `/rules/search` "may time out" on large result sets): a 5xx/408 or a
 * transport failure. Anything else (401, 403, 429, 400) would fail the narrow search too, so it stands.
 */
function isSearchOutage(error: unknown): boolean {
  return (
    error instanceof UpstreamTransportError ||
    (error instanceof UpstreamHttpError && isOutageStatus(error.status))
  );
}

/**
 * Rules rows for the name, then for each broader search term until `enough` says the rows suffice
 * (get_table_schema: the table was found). The first (narrowest) search's failure is the call's failure; a
 * broader one's outage ends the broadening with what was found (`incomplete`), never the call.
 */
async function candidates(
  send: Send,
  call: CallContext,
  name: string,
  enough: (rows: readonly RuleRow[]) => boolean,
): Promise<Candidates> {
  const byPath = new Map<string, RuleRow>();
  let truncated = false;
  let incomplete = false;
  for (const [index, term] of searchTerms(name).entries()) {
    let found: Awaited<ReturnType<typeof searchRules>>;
    try {
      found = await searchRules(send, call, { path__icontains: term });
    } catch (error) {
      if (index === 0 || !isSearchOutage(error)) throw error;
      incomplete = true;
      break;
    }
    truncated ||= found.truncated;
    for (const row of found.rows) byPath.set(row.rules_path, row);
    const rows = [...byPath.values()];
    if (enough(rows) || byPath.size >= 50) break;
  }
  return { rows: [...byPath.values()], truncated, incomplete };
}

export function tableTools({ operations }: ToolDeps): ToolDefinition[] {
  return [
    operations.one(SEARCH_RULES, (send) =>
      defineTool<FromSchema<typeof schemaSchema>>({
        name: 'get_table_schema',
        title: 'Schema of a table',
        description:
          'Columns (name, SQL type, default, ob_field) and destination table of a delivered table, plus the whole ' +
          'rules document (load configuration, CSV dialect), from the Openbridge Rules API.',
        inputSchema: schemaSchema,
        handler: async (args, call) => {
          const { rows, incomplete } = await candidates(
            send,
            call,
            args.table_name,
            (found) => pickRule(args.table_name, found) !== undefined,
          );
          const rule = pickRule(args.table_name, rows);
          if (rule) return { requested: args.table_name, ...rule, master_view: `${rule.table_name}_master` };
          const ranked = rankTableNames(
            args.table_name,
            rows.map((r) => r.table_name),
          );
          const names = ranked.map((r) => r.table_name);
          throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
            summary: `No table named '${args.table_name.slice(0, 80)}' was found in the Rules API.`,
            details: [
              {
                path: 'table_name',
                issue: 'table not found',
                received_type: 'string',
                reason: 'table_not_found',
                did_you_mean: names,
                ...(incomplete ? { suggestions_incomplete: true } : {}),
              },
            ],
            hints: [
              ...(names.length > 0 ? [`Did you mean: ${names.join(', ')}?`] : []),
              ...(incomplete
                ? [
                    'A broader Rules search timed out, so the suggestions may be incomplete; a narrower name avoids it.',
                  ]
                : []),
              'get_suggested_table_names with a broader query lists close table names.',
              'list_product_tables with a product_id lists the tables a product delivers.',
            ],
          });
        },
      }),
    ),
    operations.one(SEARCH_RULES, (send) =>
      defineTool<FromSchema<typeof suggestSchema>>({
        name: 'get_suggested_table_names',
        title: 'Suggest table names',
        description: 'Table names from the Rules API ranked by similarity to the query (confidence 0..1).',
        inputSchema: suggestSchema,
        handler: async (args, call) => {
          const { rows, truncated, incomplete } = await candidates(send, call, args.query, () => false);
          const needle = args.query.toLowerCase().replace(/[^a-z0-9]+/g, '_');
          const ranked = rankTableNames(
            args.query,
            rows.map((r) => r.table_name),
            10,
          );
          const seen = new Set(ranked.map((r) => r.table_name));
          // Substring hits rank after fuzzy hits with a nominal confidence.
          for (const row of rows) {
            if (!seen.has(row.table_name) && row.table_name.includes(needle)) {
              ranked.push({ table_name: row.table_name, confidence: 0.5 });
              seen.add(row.table_name);
            }
          }
          return {
            query: args.query,
            suggestions: ranked.slice(0, 10).map((r) => ({ ...r, master_view: `${r.table_name}_master` })),
            // A search had more pages than the tool reads, or a broader search timed out: a narrower query sees the rest.
            truncated: truncated || incomplete,
            ...(incomplete ? { broader_search_failed: true } : {}),
          };
        },
      }),
    ),
  ];
}

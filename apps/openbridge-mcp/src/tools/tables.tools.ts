// Table schema lookup (Rules API) with did-you-mean on a miss, and ranked table-name suggestions.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import type { CallScope } from '../http/client.js';
import type { ToolDeps } from './deps.js';
import { pickRule, type RuleRow, searchRules } from './rules-client.js';
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

/** Rules rows for the name and its broader search terms (deduplicated by path); truncated when a search was cut. */
async function candidates(
  deps: ToolDeps,
  call: CallScope,
  name: string,
): Promise<{ rows: RuleRow[]; truncated: boolean }> {
  const byPath = new Map<string, RuleRow>();
  let truncated = false;
  for (const term of searchTerms(name)) {
    const found = await searchRules(deps.client, call, { path__icontains: term });
    truncated ||= found.truncated;
    for (const row of found.rows) byPath.set(row.rules_path, row);
    if (byPath.size >= 50) break;
  }
  return { rows: [...byPath.values()], truncated };
}

export function tableTools(deps: ToolDeps): ToolDefinition[] {
  return [
    defineTool<FromSchema<typeof schemaSchema>>({
      name: 'get_table_schema',
      title: 'Schema of a table',
      description:
        'Columns (name, SQL type, default, ob_field) and destination table of a delivered table, plus the whole ' +
        'rules document (load configuration, CSV dialect), from the Openbridge Rules API.',
      inputSchema: schemaSchema,
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { rows } = await candidates(deps, call, args.table_name);
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
            },
          ],
          hints: [
            ...(names.length > 0 ? [`Did you mean: ${names.join(', ')}?`] : []),
            'get_suggested_table_names with a broader query lists close table names.',
            'list_product_tables with a product_id lists the tables a product delivers.',
          ],
        });
      },
    }),
    defineTool<FromSchema<typeof suggestSchema>>({
      name: 'get_suggested_table_names',
      title: 'Suggest table names',
      description: 'Table names from the Rules API ranked by similarity to the query (confidence 0..1).',
      inputSchema: suggestSchema,
      annotations: READ_UPSTREAM,
      handler: async (args, call) => {
        const { rows, truncated } = await candidates(deps, call, args.query);
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
          // A search had more pages than the tool reads: a narrower query sees the rest.
          truncated,
        };
      },
    }),
  ];
}
